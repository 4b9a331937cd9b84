import type { Context } from 'fw';

/**
 * Why nothing can reach the client before the answer on this request, or null when it can: the buffered `lambda()`
 * handler marks its execution context `bufferedResponse`, since API Gateway gets the response only once it is complete.
 */
export function bufferedResponseReason(ctx: Context): string | null {
  if ((ctx.executionCtx as { bufferedResponse?: unknown } | undefined)?.bufferedResponse !== true) return null;
  return (
    'the buffered lambda() handler delivers the response only once it is complete, so a request to the client would wait for an answer it never sees; ' +
    'serve the app with lambdaStream() (Lambda response streaming), or use a 2026-07-28 client, whose multi-round-trip requests carry elicitation, sampling and roots in the answer'
  );
}
