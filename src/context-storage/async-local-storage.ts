/**
 * Finding the runtime's AsyncLocalStorage without importing `node:async_hooks` (which src/ never does, and which a
 * worker bundle could not resolve): the class the app passes, else a global one, else the one
 * `process.getBuiltinModule` hands out (Node 20.16+, Bun, workerd with `nodejs_compat`).
 */

/** The part of AsyncLocalStorage contextStorage() uses. */
export interface AsyncLocalStorageLike<T> {
  run<R>(store: T, fn: () => R): R;
  getStore(): T | undefined;
}

/** An AsyncLocalStorage class: `AsyncLocalStorage` from `node:async_hooks` on Node, Bun and workerd. */
export type AsyncLocalStorageClass = new <T>() => AsyncLocalStorageLike<T>;

const MISSING =
  "contextStorage(): this runtime offers no AsyncLocalStorage. Pass it: import { AsyncLocalStorage } from 'node:async_hooks' " +
  'and contextStorage({ AsyncLocalStorage }) (Node, Bun; on workers, set the compatibility flag nodejs_als or nodejs_compat)';

type Runtime = typeof globalThis & {
  AsyncLocalStorage?: AsyncLocalStorageClass;
  process?: { getBuiltinModule?: (id: string) => { AsyncLocalStorage?: AsyncLocalStorageClass } | undefined };
};

function builtin(runtime: Runtime): AsyncLocalStorageClass | undefined {
  try {
    return runtime.process?.getBuiltinModule?.('node:async_hooks')?.AsyncLocalStorage;
  } catch {
    return undefined;
  }
}

/** The AsyncLocalStorage class to use: the one given, else the runtime's; throws with the fix when there is none. */
export function findAsyncLocalStorage(given: unknown): AsyncLocalStorageClass {
  if (given !== undefined) {
    if (typeof given !== 'function') throw new TypeError(`${MISSING}; got ${typeof given} as AsyncLocalStorage`);
    return given as AsyncLocalStorageClass;
  }
  const runtime = globalThis as Runtime;
  const found = runtime.AsyncLocalStorage ?? builtin(runtime);
  if (typeof found !== 'function') throw new Error(MISSING);
  return found;
}
