/** Runs Express-style `(req, res, next)` middleware, handlers and error handlers on fw, with Web Requests and Responses underneath. */
import type { Context } from '../core/context';
import { HttpError } from '../core/errors';
import type { ErrorHook, Handler, Middleware } from '../core/types';
import { legacyRequest, type LegacyRequest } from './request';
import { LegacyResponse } from './response';

/** An Express-style middleware: calls `next()` to continue, `next(error)` to fail, or ends `res` to answer. */
export type LegacyMiddleware = (req: LegacyRequest, res: LegacyResponse, next: (error?: unknown) => void) => unknown;

/** An Express-style error middleware (four arguments). */
export type LegacyErrorMiddleware = (error: unknown, req: LegacyRequest, res: LegacyResponse, next: (error?: unknown) => void) => unknown;

/** Options of the adapter. */
export interface LegacyOptions {
  /** Milliseconds a middleware may take to call `next()` or end the response before the request fails with 500 (default 30000). */
  timeoutMs?: number;
}

interface Pair {
  req: LegacyRequest;
  res: LegacyResponse;
}

const pairs = new WeakMap<Context, Pair>();

/** The `req`/`res` pair of a request, shared by every legacy middleware on it (as Express shares them). */
function pairFor(ctx: Context): Pair {
  let pair = pairs.get(ctx);
  if (!pair) pairs.set(ctx, (pair = { req: legacyRequest(ctx), res: new LegacyResponse() }));
  return pair;
}

function asHttpError(error: unknown): unknown {
  if (error instanceof HttpError || typeof error !== 'object' || error === null)
    return error ?? new Error('next() was called with an empty error');
  const status = (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status <= 599)
    return new HttpError(status, (error as Error).message, { cause: error });
  return error;
}

/** Calls one legacy function and settles on `next()` (continue), `next(err)` or a throw (fail), or `res.end()` (answered). */
function settle(
  call: (next: (error?: unknown) => void) => unknown,
  res: LegacyResponse,
  name: string,
  timeoutMs: number,
): Promise<'next' | 'ended'> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`legacy middleware ${name} neither called next() nor ended the response within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const done = (fn: () => void) => {
      clearTimeout(timer);
      fn();
    };
    res.ended.then(() => done(() => resolve('ended')));
    try {
      const result = call((error?: unknown) =>
        done(() => (error === undefined || error === null || error === 'route' ? resolve('next') : reject(asHttpError(error)))),
      );
      if (result instanceof Promise) result.catch((error: unknown) => done(() => reject(asHttpError(error))));
    } catch (error) {
      done(() => reject(asHttpError(error)));
    }
  });
}

function withHeaders(response: Response, res: LegacyResponse): Response {
  const headers = new Headers();
  res.applyHeaders(headers);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers.set(name, value);
  });
  for (const cookie of response.headers.getSetCookie()) headers.append('set-cookie', cookie);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** Chains legacy middlewares into one fw middleware: run in order on shared `req`/`res`; their headers are added to the response. */
export function chain(...middlewares: (LegacyMiddleware | LegacyOptions)[]): Middleware {
  const last = middlewares[middlewares.length - 1];
  const options: LegacyOptions = typeof last === 'object' && last !== null ? (middlewares.pop() as LegacyOptions) : {};
  const list = middlewares as LegacyMiddleware[];
  for (const mw of list)
    if (typeof mw !== 'function') throw new TypeError('wrap()/chain() take Express-style middleware functions (req, res, next)');
  const timeoutMs = options.timeoutMs ?? 30_000;
  return async (ctx, next) => {
    const { req, res } = pairFor(ctx);
    for (const mw of list) {
      if ((await settle((n) => mw(req, res, n), res, mw.name || 'anonymous', timeoutMs)) === 'ended') return res.toResponse();
    }
    const response = await next();
    res.emit('finish');
    return withHeaders(response, res);
  };
}

/** Adapts one Express-style middleware (`app.use(wrap(cors()))`). */
export function wrap(middleware: LegacyMiddleware, options: LegacyOptions = {}): Middleware {
  return chain(middleware, options);
}

/** Adapts an Express-style route handler `(req, res)`; it must end the response (calling `next()` gives 404). */
export function handler(
  fn: (req: LegacyRequest, res: LegacyResponse, next: (error?: unknown) => void) => unknown,
  options: LegacyOptions = {},
): Handler {
  if (typeof fn !== 'function') throw new TypeError('handler() takes an Express-style handler function (req, res)');
  return async (ctx) => {
    const { req, res } = pairFor(ctx);
    if ((await settle((n) => fn(req, res, n), res, fn.name || 'handler', options.timeoutMs ?? 30_000)) === 'next') {
      throw new HttpError(404, `Cannot ${req.method} ${req.path}`);
    }
    return res.toResponse();
  };
}

/** Adapts an Express-style error middleware `(err, req, res, next)` as an `onError` hook; `next(err)` falls through to fw's error body. */
export function errorHandler(fn: LegacyErrorMiddleware, options: LegacyOptions = {}): ErrorHook {
  if (typeof fn !== 'function') throw new TypeError('errorHandler() takes an Express-style error middleware (err, req, res, next)');
  return async (error, ctx) => {
    const { req } = pairFor(ctx);
    const res = new LegacyResponse();
    const outcome = await settle((n) => fn(error, req, res, n), res, fn.name || 'errorHandler', options.timeoutMs ?? 30_000).catch(
      () => 'next' as const,
    );
    return outcome === 'ended' ? res.toResponse() : undefined;
  };
}
