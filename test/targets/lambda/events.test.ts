import { describe, expect, it } from 'vitest';
import { Fw, scheduler } from 'fw';
import { detectEvent, lambda, UnhandledEventError } from 'fw/lambda';
import { lambdaContext } from '../../fixtures/lambda/context';
import { fixture } from './fixtures';

const context = lambdaContext();

describe('lambda(): events that are not HTTP', () => {
  it('classifies every fixture by the fields its source always sets', () => {
    expect(detectEvent(fixture('apigw-v1'))).toBe('v1');
    expect(detectEvent(fixture('apigw-v1-custom-domain'))).toBe('v1');
    expect(detectEvent(fixture('apigw-v2'))).toBe('v2');
    expect(detectEvent(fixture('function-url'))).toBe('v2');
    expect(detectEvent(fixture('alb-single'))).toBe('alb');
    expect(detectEvent(fixture('alb-multi'))).toBe('alb');
    expect(detectEvent(fixture('sqs'))).toBe('sqs');
    expect(detectEvent(fixture('schedule'))).toBe('schedule');
    expect(detectEvent(fixture('eventbridge'))).toBe('eventBridge');
    expect(detectEvent(fixture('s3'))).toBe('unknown');
    expect(detectEvent(null)).toBe('unknown');
  });

  it('routes SQS, schedule and other EventBridge events to options.events and returns their result', async () => {
    const seen: string[] = [];
    const handler = lambda(new Fw(), {
      events: {
        sqs: (event) => {
          seen.push(`sqs:${JSON.parse(event.Records[0].body).job}`);
          return { batchItemFailures: [] };
        },
        schedule: async (event, ctx) => {
          seen.push(`schedule:${event.resources[0].split('/').pop()}:${ctx.functionName}`);
        },
        eventBridge: (event) => {
          seen.push(`eventBridge:${event['detail-type']}`);
        },
      },
    });
    expect(await handler(fixture('sqs'), context)).toEqual({ batchItemFailures: [] });
    expect(await handler(fixture('schedule'), context)).toBeUndefined();
    await handler(fixture('eventbridge'), context);
    expect(seen).toEqual(['sqs:resize', 'schedule:my-scheduled-rule:fw-example', 'eventBridge:EC2 Instance State-change Notification']);
  });

  it('fails with a clear error when a known non-HTTP event has no handler', async () => {
    const handler = lambda(new Fw());
    await expect(handler(fixture('sqs'), context)).rejects.toThrow(UnhandledEventError);
    await expect(handler(fixture('sqs'), context)).rejects.toThrow('fw/lambda received an SQS event but options.events.sqs is not set');
    await expect(handler(fixture('schedule'), context)).rejects.toThrow(
      'options.events.schedule is not set and no scheduler plugin is registered',
    );
  });

  it("runs the scheduler plugin's jobs for a schedule event when events.schedule is not set", async () => {
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
            handler: (run) => {
              ran.push(run.scheduledTime.toISOString());
            },
          },
        ],
      }),
    );
    const report = await lambda(app)(fixture('schedule'), context);
    expect(report).toEqual({ ran: ['my-scheduled-rule'], failed: [], skipped: [] });
    expect(ran).toEqual(['2015-10-08T16:53:06.000Z']);
  });

  it('fails with a clear error on an event nobody knows', async () => {
    const handler = lambda(new Fw());
    await expect(handler(fixture('s3'), context)).rejects.toThrow(
      'fw/lambda cannot handle an object with keys [Records]: it is not an API Gateway (v1 or v2), function URL, ALB, SQS or EventBridge event',
    );
    await expect(handler('ping', context)).rejects.toThrow('cannot handle a string value');
  });

  it('lets a failing event handler fail the invocation (so SQS retries the batch)', async () => {
    const handler = lambda(new Fw(), {
      events: {
        sqs: () => {
          throw new Error('db down');
        },
      },
    });
    await expect(handler(fixture('sqs'), context)).rejects.toThrow('db down');
  });
});
