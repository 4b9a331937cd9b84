/** Deferred module loading: pay for a heavy import on first use (or during warm-up), not at cold start. */

/** A module (or any value) loaded once on demand. */
export interface LazyImport<T> {
  /** Loads on first call; concurrent calls share one promise; a failed load is retried on the next call. */
  get(): Promise<T>;
  /** Whether the value has loaded successfully. */
  loaded(): boolean;
}

/** Wraps `() => import('heavy')` so it runs at most once successfully; list it in `warmUp({ preload })` to load it during init. */
export function lazyImport<T>(factory: () => Promise<T>): LazyImport<T> {
  let pending: Promise<T> | null = null;
  let done = false;
  return {
    get() {
      pending ??= Promise.resolve()
        .then(factory)
        .then(
          (value) => {
            done = true;
            return value;
          },
          (error: unknown) => {
            pending = null;
            throw error;
          },
        );
      return pending;
    },
    loaded: () => done,
  };
}
