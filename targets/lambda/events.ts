/** Routes events that are not HTTP requests (SQS, EventBridge) to `options.events`, or fails clearly. */
import { describeEvent, type EventKind } from './detect';
import { UnhandledEventError } from './errors';
import type { LambdaContext, LambdaEventHandlers } from './types';

const names = { sqs: 'an SQS', schedule: 'an EventBridge schedule', eventBridge: 'an EventBridge' } as const;

/** Runs the handler for an SQS or EventBridge event and returns its result; throws `UnhandledEventError` when there is none. */
export async function dispatchEvent(kind: EventKind, event: unknown, context: LambdaContext, handlers: LambdaEventHandlers | undefined): Promise<unknown> {
  if (kind !== 'sqs' && kind !== 'schedule' && kind !== 'eventBridge') {
    throw new UnhandledEventError(`fw/lambda cannot handle ${describeEvent(event)}: it is not an API Gateway (v1 or v2), function URL, ALB, SQS or EventBridge event`);
  }
  const handler = handlers?.[kind] as ((event: unknown, context: LambdaContext) => unknown) | undefined;
  if (!handler) {
    throw new UnhandledEventError(`fw/lambda received ${names[kind]} event but options.events.${kind} is not set: pass lambda(app, { events: { ${kind}(event, context) { ... } } })`);
  }
  return handler(event, context);
}
