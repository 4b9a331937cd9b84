import type { IncomingMessage } from 'node:http';

/** The error a request body stream fails with once it passes `maxBodySize`; the core answers it with a 413. */
export class BodyTooLargeError extends Error {
  readonly status = 413;
  readonly code = 'PAYLOAD_TOO_LARGE';

  constructor(limit: number) {
    super(`Request body is larger than the limit of ${limit} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/** What `bodyStream` reports back to the listener: whether the body was cut off for being too large. */
export interface BodyState {
  tooLarge: boolean;
}

/**
 * A ReadableStream over the request body that pulls from the socket only as fast as it is read, and
 * fails with a BodyTooLargeError (then stops reading) as soon as more than `limit` bytes arrive.
 */
export function bodyStream(req: IncomingMessage, limit: number, state: BodyState): ReadableStream<Uint8Array> {
  let received = 0;
  let cancelled = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      req.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > limit) {
          state.tooLarge = true;
          req.pause();
          req.removeAllListeners('data');
          controller.error(new BodyTooLargeError(limit));
          return;
        }
        controller.enqueue(chunk);
        if ((controller.desiredSize ?? 1) <= 0) req.pause();
      });
      req.once('end', () => {
        if (!state.tooLarge && !cancelled) controller.close();
      });
      req.once('error', (error) => {
        if (!state.tooLarge && !cancelled) controller.error(error);
      });
    },
    pull() {
      req.resume();
    },
    cancel() {
      cancelled = true;
      req.removeAllListeners('data');
      req.pause();
    },
  }, { highWaterMark: 1 });
}
