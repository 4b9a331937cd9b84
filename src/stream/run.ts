import type { Context } from '../core/context';
import { reportUnhandled } from '../core/error-report';
import { withContext } from '../core/respond';
import type { StreamingApi } from './streaming-api';

/** What a streaming helper runs: the producer, and optionally what to do when it throws. */
export type StreamCallback<S extends StreamingApi> = (stream: S) => Promise<void> | void;
/** Runs when the callback throws; it may still write (a last SSE event, a line of text) before the stream ends. */
export type StreamErrorHandler<S extends StreamingApi> = (error: unknown, stream: S) => Promise<void> | void;

/** Refuses a helper call without a callback, or with an onError that is not a function. */
export function checkCallbacks(helper: string, callback: unknown, onError: unknown): void {
  if (typeof callback !== 'function')
    throw new TypeError(`${helper}(ctx, callback): callback must be a function that writes to the stream, got ${typeof callback}`);
  if (onError !== undefined && typeof onError !== 'function')
    throw new TypeError(`${helper}(ctx, callback, onError): onError must be a function or left out, got ${typeof onError}`);
}

/** Logs an error of a stream through the app's `logErrors` setting (the response has already started, so no error answer is possible). */
function report(ctx: Context, error: unknown): void {
  try {
    reportUnhandled(ctx.app.config.logErrors, ctx.app.config.development ?? false, error, ctx, 500);
  } catch {
    // A failing logger must not break the stream's end.
  }
}

/**
 * Runs the callback after the response is handed back, then ends the stream: closed when it returns, or after
 * `onError` when it throws; without `onError` the error is logged and the body ends with an error (a cut-off
 * response). The request's signal aborting (the client went away) aborts the stream.
 */
export function runStream<S extends StreamingApi>(
  ctx: Context,
  api: S,
  callback: StreamCallback<S>,
  onError: StreamErrorHandler<S> | undefined,
  contentType: string | null,
): Response {
  const signal = ctx.request.signal;
  if (signal.aborted) api.abort(signal.reason);
  else signal.addEventListener('abort', () => api.abort(signal.reason), { once: true });
  const work = (async () => {
    try {
      await callback(api);
      await api.close();
    } catch (error) {
      if (onError === undefined) {
        report(ctx, error);
        await api.fail(error);
        return;
      }
      try {
        await onError(error, api);
        await api.close();
      } catch (handlerError) {
        report(ctx, handlerError);
        await api.fail(handlerError);
      }
    }
  })();
  ctx.waitUntil(work);
  // Marked as the context's own answer, so the status, headers and cookies it carries are not applied twice.
  return (ctx.helperResponse = withContext(ctx, api.body, ctx.statusCode, contentType));
}
