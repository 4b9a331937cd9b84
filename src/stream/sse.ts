import type { Context } from '../core/context';
import { checkCallbacks, runStream, type StreamCallback, type StreamErrorHandler } from './run';
import { formatComment, formatSSE, type SSEMessage } from './sse-message';
import { StreamingApi } from './streaming-api';

/** The writer a `streamSSE()` callback gets: `writeSSE` sends one event, `writeComment` a keep-alive line. */
export class SSEStreamingApi extends StreamingApi {
  /** Sends one event; settles once the client has read it. A field with a line break throws (nothing is sent). */
  async writeSSE(message: SSEMessage): Promise<this> {
    const data = await message.data;
    return this.write(formatSSE(message, data));
  }

  /** Sends a comment, which EventSource ignores: keeps idle connections open through proxies. */
  writeComment(text = ''): Promise<this> {
    return this.write(formatComment(text));
  }
}

/**
 * A server-sent events response (`text/event-stream`, `Cache-Control: no-cache`) that a browser reads with
 * EventSource. Events reach the client as they are written; the stream aborts when the client leaves.
 */
export function streamSSE(
  ctx: Context,
  callback: StreamCallback<SSEStreamingApi>,
  onError?: StreamErrorHandler<SSEStreamingApi>,
): Response {
  checkCallbacks('streamSSE', callback, onError);
  if (ctx.responseHeaders?.['cache-control'] === undefined) ctx.setHeader('cache-control', 'no-cache');
  return runStream(ctx, new SSEStreamingApi(), callback, onError, 'text/event-stream');
}
