/** Routes events that are not HTTP requests (SQS, EventBridge) to `options.events`, or fails clearly. */
import type { CoreFw } from 'fw';
import { scheduledEventHandler } from '../../src/scheduler/eventbridge';
import { SCHEDULER_STATE_KEY } from '../../src/scheduler/plugin';
import { describeEvent, type EventKind } from './detect';
import { UnhandledEventError } from './errors';
import type { LambdaContext, LambdaEventHandlers } from './types';

const names = { sqs: 'an SQS', schedule: 'an EventBridge schedule', eventBridge: 'an EventBridge' } as const;

type AnyHandler = (event: any, context: LambdaContext) => unknown;

/**
 * Runs the handler for an SQS or EventBridge event and returns its result. A schedule event with no `events.schedule`
 * runs the scheduler plugin's jobs when the plugin is registered (as cron triggers do on workers); anything else
 * without a handler throws `UnhandledEventError`.
 */
export async function dispatchEvent(
  app: CoreFw,
  kind: EventKind,
  event: unknown,
  context: LambdaContext,
  handlers: LambdaEventHandlers | undefined,
): Promise<unknown> {
  if (kind !== 'sqs' && kind !== 'schedule' && kind !== 'eventBridge') {
    throw new UnhandledEventError(
      `fw/lambda cannot handle ${describeEvent(event)}: it is not an API Gateway (v1 or v2), function URL, ALB, SQS or EventBridge event`,
    );
  }
  const handler = handlers?.[kind] as AnyHandler | undefined;
  if (handler) return handler(event, context);
  if (kind === 'schedule' && app.state(SCHEDULER_STATE_KEY) !== undefined)
    return scheduledEventHandler(app)(event as Parameters<ReturnType<typeof scheduledEventHandler>>[0]);
  const hint = kind === 'schedule' ? ' and no scheduler plugin is registered' : '';
  throw new UnhandledEventError(
    `fw/lambda received ${names[kind]} event but options.events.${kind} is not set${hint}: pass lambda(app, { events: { ${kind}(event, context) { ... } } })`,
  );
}
