/** Lambda entry of the example: `npm run build:lambda` bundles this file into dist/lambda/index.mjs. */
import { lambda } from 'fw/lambda';
import { createMCPPlugin, mcp } from 'fw-mcp';
import { createApp } from './app';

const app = createApp();
void app.plugin(
  createMCPPlugin(
    mcp(app, {
      name: 'fw-example-lambda',
      instructions: 'The fw Lambda example: its routes as tools, plus runtime tools such as fw/serverless/status.',
    }),
    // Bearer token from the MCP_TOKEN environment variable (template.yaml's McpToken parameter); unset, every MCP request is refused.
    { authToken: () => process.env.MCP_TOKEN },
  ),
);

/** The handler named in template.yaml (`index.handler`): HTTP API events (the app and its MCP endpoint at /mcp), plus the nightly schedule. */
export const handler = lambda(app, {
  stripStage: true,
  events: {
    schedule: (event) => {
      console.log(JSON.stringify({ msg: 'nightly job', rule: event.resources[0], time: event.time }));
    },
  },
});
