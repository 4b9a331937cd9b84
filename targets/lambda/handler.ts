/** `lambda(app)`: the buffered Lambda handler for API Gateway v1/v2, function URLs, ALB, SQS and EventBridge. */
import type { CoreFw } from 'fw';
import { startInvocation } from '../serverless/cold-start';
import { detectEvent } from './detect';
import { dispatchEvent } from './events';
import { startInit } from './init';
import { httpInvoker, settle } from './invoke';
import { toResult } from './result';
import type { LambdaContext, LambdaHandler, LambdaOptions } from './types';

/** Wraps an app as a Lambda handler; call it at module scope so the warm-up runs during init. */
export function lambda(app: CoreFw, options: LambdaOptions = {}): LambdaHandler {
  const invoker = httpInvoker(app, options, true);
  let ready: Promise<void> | null = startInit(app, options).then(() => {
    ready = null;
  });
  return async (event: unknown, context: LambdaContext) => {
    const end = startInvocation('lambda', app);
    try {
      if (ready !== null) await ready;
      const kind = detectEvent(event);
      if (kind !== 'v1' && kind !== 'v2' && kind !== 'alb') return await dispatchEvent(app, kind, event, context, options.events);
      const { response, pending } = await invoker.answer(kind, event, context);
      const result = await toResult(kind, event as { multiValueHeaders?: unknown }, response, invoker.isBinary);
      // The answer is ready: the cold start is recorded now, so the first invocation's export (waitUntil) carries it.
      end();
      await settle(pending);
      return result;
    } finally {
      end();
    }
  };
}
