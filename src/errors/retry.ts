import { computeBackoff, type BackoffOptions } from './backoff';
import { classifyError } from './classify';

/** Options of `retry`: how many times, how long to wait, and which errors are worth another try. */
export interface RetryOptions extends BackoffOptions {
  /** Retries after the first attempt (default 3, so at most 4 calls). */
  retries?: number;
  /** Whether to try again after this error (default `defaultShouldRetry`). */
  shouldRetry?: (error: unknown, attempt: number) => boolean | Promise<boolean>;
  /** Called before each wait, with the error, the retry number (1-based) and the delay chosen. */
  onRetry?: (error: unknown, retry: number, delayMs: number) => void;
  /** Stops waiting and retrying when aborted (the abort reason is thrown). */
  signal?: AbortSignal;
}

/** Whether an error is worth retrying: its own `retryable` flag, else what `classifyError` infers (5xx, 408, 429, network, time-outs). */
export function defaultShouldRetry(error: unknown): boolean {
  return classifyError(error).retryable;
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Calls `fn(attempt)` until it succeeds, waiting `computeBackoff` between tries; throws the last error when giving up. */
export async function retry<T>(fn: (attempt: number) => T | Promise<T>, options: RetryOptions = {}): Promise<T> {
  if (typeof fn !== 'function') throw new TypeError('retry(fn, options) needs a function to call');
  const retries = options.retries ?? 3;
  if (!Number.isInteger(retries) || retries < 0)
    throw new TypeError(`retry option "retries" must be a non-negative integer, got ${String(retries)}`);
  computeBackoff(0, options);
  const shouldRetry = options.shouldRetry ?? defaultShouldRetry;
  for (let attempt = 0; ; attempt++) {
    if (options.signal?.aborted) throw options.signal.reason;
    try {
      return await fn(attempt);
    } catch (error) {
      if (attempt >= retries || !(await shouldRetry(error, attempt))) throw error;
      const delay = computeBackoff(attempt, options);
      options.onRetry?.(error, attempt + 1, delay);
      await wait(delay, options.signal);
    }
  }
}
