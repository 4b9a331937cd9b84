import type { Context } from '../core/context';
import { TEXT_PLAIN } from '../core/respond';
import { checkCallbacks, runStream, type StreamCallback, type StreamErrorHandler } from './run';
import { StreamingApi } from './streaming-api';

/** A streamed plain-text response (UTF-8, `X-Content-Type-Options: nosniff` so browsers render it as text while it arrives). */
export function streamText(ctx: Context, callback: StreamCallback<StreamingApi>, onError?: StreamErrorHandler<StreamingApi>): Response {
  checkCallbacks('streamText', callback, onError);
  if (ctx.responseHeaders?.['x-content-type-options'] === undefined) ctx.setHeader('x-content-type-options', 'nosniff');
  return runStream(ctx, new StreamingApi(), callback, onError, TEXT_PLAIN);
}
