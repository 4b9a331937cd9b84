/** The outcome of `tryCatch`: the value, or the error, never a throw. */
export type TryResult<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** Runs `fn` (or awaits a promise) and returns `{ ok: true, value }` or `{ ok: false, error }` instead of throwing. */
export async function tryCatch<T>(fn: (() => T | Promise<T>) | Promise<T>): Promise<TryResult<T>> {
  try {
    const value = typeof fn === 'function' ? await fn() : await fn;
    return { ok: true, value };
  } catch (error) {
    return { ok: false, error };
  }
}
