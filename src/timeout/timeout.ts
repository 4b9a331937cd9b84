import type { Context } from '../core/context';
import { HttpError } from '../core/errors';
import type { RouteInput } from '../core/typed-routes';
import type { Middleware } from '../core/types';
import { checkTimeout, type TimeoutOptions } from './timeout-options';

declare module '../core/context' {
  interface Context<Env, State extends Record<string, any>, Input extends RouteInput> {
    /** Aborted when the request's time limit passes (set by timeout()); pass it to fetch() and other cancellable work. */
    signal?: AbortSignal;
  }
}

/** The request's signal and the limit's, as one signal that aborts with whichever aborts first. */
function combined(parent: AbortSignal | undefined, own: AbortSignal): AbortSignal {
  if (parent === undefined || typeof AbortSignal.any !== 'function') return own;
  return AbortSignal.any([parent, own]);
}

/**
 * Ends a request that runs past `ms` milliseconds: the client gets a 504 (or the `status`/`onTimeout` answer)
 * and `ctx.signal` aborts with a `TimeoutError`, so the handler and the fetch() calls it passed the signal to stop.
 * `ctx.signal` also aborts with the request's own signal (a client that went away, where the target reports it).
 * The handler's late result is dropped; its late failure is swallowed.
 */
export function timeout(ms: number, options: TimeoutOptions = {}): Middleware {
  checkTimeout(ms, options);
  const status = options.status ?? 504;
  const message = options.message ?? `Request timed out after ${ms} ms`;

  return async (ctx: Context, next) => {
    const controller = new AbortController();
    ctx.signal = combined(ctx.signal ?? ctx.request.signal, controller.signal);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort(new DOMException(message, 'TimeoutError'));
        reject(controller.signal.reason);
      }, ms);
    });
    const running = next();
    running.catch(() => undefined);
    try {
      return await Promise.race([running, expired]);
    } catch (error) {
      // Whichever settled first once the limit passed (the timer, or a handler that failed on the abort), the answer is the timeout's.
      if (!controller.signal.aborted) throw error;
      if (options.onTimeout !== undefined) return options.onTimeout(ctx);
      throw new HttpError(status, message, { code: 'REQUEST_TIMEOUT' });
    } finally {
      clearTimeout(timer);
    }
  };
}
