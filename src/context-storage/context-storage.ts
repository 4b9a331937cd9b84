import type { Context } from '../core/context';
import { checkOptions } from '../core/options';
import type { Middleware } from '../core/types';
import { type AsyncLocalStorageClass, findAsyncLocalStorage } from './async-local-storage';

/** Options of contextStorage(). */
export interface ContextStorageOptions {
  /** The AsyncLocalStorage class (default: the runtime's, found without importing node:*; see the README). */
  AsyncLocalStorage?: AsyncLocalStorageClass;
}

/** The middleware, and the readers of the context of the request running now. */
export interface ContextStorage<C extends Context = Context> extends Middleware {
  /** The context of the request running now; throws outside a request this middleware covers. */
  getContext(): C;
  /** The context of the request running now, or undefined outside one. */
  tryGetContext(): C | undefined;
}

const optionKeys: Record<keyof ContextStorageOptions, true> = { AsyncLocalStorage: true };

/**
 * Makes the request's context reachable from any function the handler calls, however deep and across awaits:
 * `storage.getContext()`. Each call makes its own store, so two apps (or two storages) never see each other's
 * requests; the app exports its storage for the code that reads it. Fails at startup when the runtime has no
 * AsyncLocalStorage and none is given.
 */
export function contextStorage<C extends Context = Context>(options: ContextStorageOptions = {}): ContextStorage<C> {
  checkOptions('contextStorage()', options, optionKeys);
  const storage = new (findAsyncLocalStorage(options?.AsyncLocalStorage))<C>();
  const middleware = ((ctx: C, next: () => Promise<Response>) => storage.run(ctx, next)) as ContextStorage<C>;
  middleware.tryGetContext = () => storage.getStore();
  middleware.getContext = () => {
    const ctx = storage.getStore();
    if (ctx === undefined)
      throw new Error('getContext(): no request is running here; call it while a request that this contextStorage() covers is handled');
    return ctx;
  };
  return middleware;
}
