import { HttpError } from '../core/errors';
import { classifyError, type ClassifiedError } from './classify';

/** What `ctx.errorBoundary(fn, options)` does with an error: exactly one of the three. */
export type BoundaryOptions<T> =
  | { fallback: T | ((error: unknown) => T | Promise<T>); onError?: never; rethrow?: never }
  | { onError: (error: unknown, classified: ClassifiedError) => T | Promise<T>; fallback?: never; rethrow?: never }
  | { rethrow: true | ((error: unknown, classified: ClassifiedError) => unknown); fallback?: never; onError?: never };

const keys = ['fallback', 'onError', 'rethrow'] as const;

function checkOptions(options: unknown): (typeof keys)[number] {
  if (!options || typeof options !== 'object') {
    throw new TypeError('errorBoundary(fn, options) needs options with exactly one of "fallback", "onError" or "rethrow"');
  }
  const given = keys.filter((k) => k in options);
  if (given.length !== 1) {
    throw new TypeError(
      `errorBoundary(fn, options) takes exactly one of "fallback", "onError" or "rethrow"; got ${given.length === 0 ? 'none' : given.join(' and ')}`,
    );
  }
  const key = given[0];
  const value = (options as Record<string, unknown>)[key];
  if (key === 'onError' && typeof value !== 'function') throw new TypeError('errorBoundary option "onError" must be a function');
  if (key === 'rethrow' && value !== true && typeof value !== 'function')
    throw new TypeError('errorBoundary option "rethrow" must be true or a function');
  return key;
}

function normalize(error: unknown, classified: ClassifiedError): unknown {
  if (typeof (error as { status?: unknown } | null)?.status === 'number') return error;
  return new HttpError(classified.status, classified.expose ? classified.message : undefined, {
    code: classified.code,
    retryable: classified.retryable,
    cause: error,
  });
}

/**
 * Runs `fn` and handles its error one way: `fallback` (a value, or a function of the error), `onError(error, classified)`
 * (its return value is the result), or `rethrow` (true: rethrow as an error with an HTTP status; a function: throw what it returns).
 */
export async function withErrorBoundary<T, R = T>(fn: () => T | Promise<T>, options: BoundaryOptions<R>): Promise<T | R> {
  const key = checkOptions(options);
  if (typeof fn !== 'function') throw new TypeError('errorBoundary(fn, options) needs a function to call');
  try {
    return await fn();
  } catch (error) {
    const classified = classifyError(error);
    if (key === 'fallback') {
      const fallback = (options as { fallback: R | ((e: unknown) => R | Promise<R>) }).fallback;
      return typeof fallback === 'function' ? (fallback as (e: unknown) => R | Promise<R>)(error) : fallback;
    }
    if (key === 'onError') return (options as { onError: (e: unknown, c: ClassifiedError) => R | Promise<R> }).onError(error, classified);
    const rethrow = (options as { rethrow: true | ((e: unknown, c: ClassifiedError) => unknown) }).rethrow;
    throw rethrow === true ? normalize(error, classified) : rethrow(error, classified);
  }
}
