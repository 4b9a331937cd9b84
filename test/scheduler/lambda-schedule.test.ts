import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Fw } from '../../src/app/fw';
import { scheduledEventHandler, scheduler } from '../../src/scheduler';
import { lambda } from '../../targets/lambda';
import { lambdaContext } from '../fixtures/lambda/context';

const event = JSON.parse(readFileSync(new URL('../fixtures/lambda/schedule.json', import.meta.url), 'utf8'));

describe('scheduler on Lambda: EventBridge schedule events through fw/lambda', () => {
  it('runs the job named like the rule, or the jobs due at the event time', async () => {
    const ran: string[] = [];
    const app = new Fw();
    await app.plugin(
      scheduler({
        timers: false,
        timezone: 'UTC',
        jobs: [
          {
            name: 'my-scheduled-rule',
            cron: '0 0 * * *',
            handler: (r) => {
              ran.push(`named@${r.scheduledTime.toISOString()}`);
            },
          },
          {
            name: 'every-minute',
            cron: '* * * * *',
            handler: () => {
              ran.push('every-minute');
            },
          },
        ],
      }),
    );
    const handler = lambda(app, { events: { schedule: scheduledEventHandler(app) } });
    const report = await handler(event, lambdaContext());
    expect(report).toEqual({ ran: ['my-scheduled-rule'], failed: [], skipped: [] });
    expect(ran).toEqual(['named@2015-10-08T16:53:06.000Z']);
    const other = await handler({ ...event, resources: ['arn:aws:events:us-east-1:1:rule/unknown-rule'] }, lambdaContext());
    expect(other).toEqual({ ran: ['every-minute'], failed: [], skipped: [] });
  });

  it('bad events and a missing scheduler are clear errors', async () => {
    const app = new Fw();
    const run = scheduledEventHandler(app);
    await expect(run(event)).rejects.toThrow(/register the scheduler plugin/);
    await expect(run({ ...event, 'detail-type': 'Other' })).rejects.toThrow(/not an EventBridge "Scheduled Event"/);
    await expect(run({ ...event, time: 'yesterday' })).rejects.toThrow(/is not a date/);
  });
});
