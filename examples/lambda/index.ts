/** Lambda entry of the example: `npm run build:lambda` bundles this file into dist/lambda/index.mjs. */
import { lambda } from 'fw/lambda';
import { createApp } from './app';

/** The handler named in template.yaml (`index.handler`): HTTP API events, plus the nightly schedule. */
export const handler = lambda(createApp(), {
  stripStage: true,
  events: {
    schedule: (event) => {
      console.log(JSON.stringify({ msg: 'nightly job', rule: event.resources[0], time: event.time }));
    },
  },
});
