/** The options of timeout() and their checks at startup. */
import type { Context } from '../core/context';
import { checkOptions } from '../core/options';

/** Options of timeout(). */
export interface TimeoutOptions {
  /** The status of the answer when the limit passes: 504 (default, Gateway Timeout) or 503 (Service Unavailable). */
  status?: 503 | 504;
  /** The error message of that answer (default `Request timed out after <ms> ms`). */
  message?: string;
  /** Builds the answer instead (a Response, or throw an HttpError); runs once the handler's signal is aborted. */
  onTimeout?: (ctx: Context) => Response | Promise<Response>;
}

const timeoutKeys: Record<keyof TimeoutOptions, true> = { status: true, message: true, onTimeout: true };
/** The longest delay timers take (2^31 - 1 ms, about 24.8 days); a longer one fires at once. */
const MAX_DELAY = 2_147_483_647;

/** Checks the limit and the options; a bad one throws with what to pass. */
export function checkTimeout(ms: unknown, options: TimeoutOptions): void {
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms <= 0 || ms > MAX_DELAY)
    throw new TypeError(`timeout(): the limit must be a number of milliseconds > 0 and <= ${MAX_DELAY}, got ${String(ms)}`);
  checkOptions('timeout()', options, timeoutKeys);
  if (options.status !== undefined && options.status !== 503 && options.status !== 504)
    throw new TypeError(`timeout(): status must be 503 or 504, got ${String(options.status)}`);
  if (options.message !== undefined && typeof options.message !== 'string')
    throw new TypeError(`timeout(): message must be a string, got ${typeof options.message}`);
  if (options.onTimeout !== undefined && typeof options.onTimeout !== 'function')
    throw new TypeError('timeout(): onTimeout must be a function (ctx) => Response');
}
