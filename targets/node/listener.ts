import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CoreFw } from 'fw';
import { responseFactory, type ResponseFactory } from 'fw';
import { lightResponseFactory } from './light-response';
import { startInvocation } from 'fw/serverless';
import { BodyTooLargeError, type BodyState } from './body';
import { adapterError, httpError } from './errors';
import { holdWhileWriting } from './in-flight';
import { readHead, toRequest } from './request';
import { writeResponse } from './response';

/** What a listener needs besides the app. */
export interface ListenerOptions {
  scheme: 'http' | 'https';
  maxBodySize: number;
}

const closeHeader = ['connection', 'close'];

/** The `env` fw/node passes to `app.fetch`: Node's request, and the light responses it lends (the listener writes them). */
class NodeEnv {
  constructor(readonly incoming: IncomingMessage) {}

  get [responseFactory](): ResponseFactory {
    return lightResponseFactory;
  }
}

/** Reads and throws away what is left of a request body, closing the socket if it runs past the limit. */
function discardRest(req: IncomingMessage, limit: number): void {
  if (req.complete) return;
  let left = limit;
  req.removeAllListeners('data');
  req.on('data', (chunk: Buffer) => {
    left -= chunk.length;
    if (left < 0) req.socket.destroy();
  });
  req.resume();
}

function fail(res: ServerResponse, error: unknown): void {
  if (res.headersSent) {
    res.destroy(error instanceof Error ? error : undefined);
    return;
  }
  res.writeHead(500, { 'content-type': 'application/json', connection: 'close' });
  res.end('{"error":"Internal Server Error","code":"INTERNAL_ERROR"}');
}

/** After a response is written: records the invocation and throws away what is left of a request body. */
function settle(req: IncomingMessage, state: BodyState | null, limit: number, finished: () => void): void {
  finished();
  if (state !== null) discardRest(req, limit);
}

/**
 * Writes the app's answer; the callbacks of a streamed write are only made when the write is not done at once,
 * and only then is the response counted as in flight for a graceful shutdown (`holdWhileWriting`).
 */
function reply(
  app: CoreFw,
  req: IncomingMessage,
  res: ServerResponse,
  response: Response,
  state: BodyState | null,
  limit: number,
  finished: () => void,
): void {
  let writing: Promise<void> | undefined;
  try {
    writing = writeResponse(response, res, state !== null && state.tooLarge ? closeHeader : null);
  } catch (error) {
    finished();
    fail(res, error);
    return;
  }
  if (writing === undefined) {
    settle(req, state, limit, finished);
    return;
  }
  holdWhileWriting(app, res);
  writing.then(
    () => settle(req, state, limit, finished),
    (error) => {
      finished();
      fail(res, error);
    },
  );
}

/** The `node:http` request listener for an app: converts, calls `app.fetch`, writes the answer back. */
export function createListener(app: CoreFw, options: ListenerOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const { scheme, maxBodySize } = options;

  const refuse = (
    req: IncomingMessage,
    res: ServerResponse,
    error: Error & { status: number; code: string },
    finished: () => void,
  ): void => {
    adapterError(app, req, scheme, error).then(
      (response) => reply(app, req, res, response, { tooLarge: true }, maxBodySize, finished),
      (e) => fail(res, e),
    );
  };

  return (req, res) => {
    const finished = startInvocation('node', app);
    const state: BodyState = { tooLarge: false };
    let request: Request;
    try {
      const head = readHead(req);
      if (head.contentLength !== undefined && Number(head.contentLength) > maxBodySize) {
        refuse(req, res, new BodyTooLargeError(maxBodySize), finished);
        return;
      }
      request = toRequest(req, res, head, scheme, maxBodySize, state);
    } catch (error) {
      refuse(req, res, httpError(400, 'BAD_REQUEST', `Malformed request: ${(error as Error).message}`), finished);
      return;
    }
    const bodyState = request.method !== 'GET' && request.method !== 'HEAD' ? state : null;
    let result: Response | Promise<Response>;
    try {
      result = app.fetch(request, new NodeEnv(req));
    } catch (error) {
      result = Promise.reject(error);
    }
    if (result instanceof Response) reply(app, req, res, result, bodyState, maxBodySize, finished);
    else
      result.then(
        (response) => reply(app, req, res, response, bodyState, maxBodySize, finished),
        (error) => {
          finished();
          fail(res, error);
        },
      );
  };
}
