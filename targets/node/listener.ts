import type { IncomingMessage, ServerResponse } from 'node:http';
import { lightResponses, type ExecutionContext, type Fw, type LightOptIn } from 'fw';
import { startInvocation } from 'fw/serverless';
import { BodyTooLargeError, type BodyState } from './body';
import { adapterError, httpError } from './errors';
import { readHead, toRequest } from './request';
import { writeResponse } from './response';

/** What a listener needs besides the app. */
export interface ListenerOptions {
  scheme: 'http' | 'https';
  maxBodySize: number;
}

const closeHeader = ['connection', 'close'];

/** The execution context fw/node passes to `app.fetch`: no platform to keep work alive, and light responses on (the listener writes them). */
const nodeExecution: ExecutionContext & LightOptIn = {
  waitUntil: (promise) => void promise.catch(() => undefined),
  [lightResponses]: true,
};

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

/** The `node:http` request listener for an app: converts, calls `app.fetch`, writes the answer back. */
export function createListener(app: Fw, options: ListenerOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const { scheme, maxBodySize } = options;
  const env = (req: IncomingMessage) => ({ incoming: req });

  const reply = (req: IncomingMessage, res: ServerResponse, response: Response, state: BodyState | null, finished: () => void): void => {
    const done = () => {
      finished();
      if (state !== null) discardRest(req, maxBodySize);
    };
    const failed = (error: unknown) => {
      finished();
      fail(res, error);
    };
    let writing: Promise<void> | undefined;
    try {
      writing = writeResponse(response, res, state !== null && state.tooLarge ? closeHeader : null);
    } catch (error) {
      failed(error);
      return;
    }
    if (writing === undefined) done();
    else writing.then(done, failed);
  };

  const refuse = (req: IncomingMessage, res: ServerResponse, error: Error & { status: number; code: string }, finished: () => void): void => {
    adapterError(app, req, scheme, error).then((response) => reply(req, res, response, { tooLarge: true }, finished), (e) => fail(res, e));
  };

  return (req, res) => {
    const finished = startInvocation('node');
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
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    let result: Response | Promise<Response>;
    try {
      result = app.fetch(request, env(req), nodeExecution);
    } catch (error) {
      result = Promise.reject(error);
    }
    if (result instanceof Response) reply(req, res, result, hasBody ? state : null, finished);
    else result.then((response) => reply(req, res, response, hasBody ? state : null, finished), (error) => { finished(); fail(res, error); });
  };
}
