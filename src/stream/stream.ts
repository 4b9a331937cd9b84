import type { Context } from '../core/context';
import { checkCallbacks, runStream, type StreamCallback, type StreamErrorHandler } from './run';
import { StreamingApi } from './streaming-api';

/**
 * A streamed response (`application/octet-stream` unless the handler set a content type): the callback writes
 * chunks as they are ready; each write waits for the client to read, and the stream aborts when the client leaves.
 */
export function stream(ctx: Context, callback: StreamCallback<StreamingApi>, onError?: StreamErrorHandler<StreamingApi>): Response {
  checkCallbacks('stream', callback, onError);
  return runStream(ctx, new StreamingApi(), callback, onError, 'application/octet-stream');
}
