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
  return new ReadableStream<Uint8Array>(
    {
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
    },
    { highWaterMark: 1 },
  );
}

/**
 * The whole request body in one buffer, read straight from the socket (no stream objects), failing with a
 * BodyTooLargeError (and no more reading) as soon as more than `limit` bytes arrive.
 */
export function readAllBody(req: IncomingMessage, limit: number, state: BodyState): Promise<Uint8Array<ArrayBuffer>> {
  if (req.readableEnded) return Promise.resolve(new Uint8Array(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const done = () => {
      req.removeListener('data', onData);
      req.removeListener('end', onEnd);
      req.removeListener('error', onError);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) {
        state.tooLarge = true;
        req.pause();
        done();
        reject(new BodyTooLargeError(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      done();
      resolve((chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, received)) as Uint8Array<ArrayBuffer>);
    };
    const onError = (error: Error) => {
      done();
      reject(error);
    };
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onError);
  });
}
