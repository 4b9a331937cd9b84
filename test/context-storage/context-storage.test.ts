/**
 * contextStorage(): the cases of Hono's src/middleware/context-storage/index.test.ts (the context from a function
 * the handler calls, none outside a request), with the storage as an object of the app instead of module-level
 * getContext()/tryGetContext() (Hono's store is one per process; fw's settings belong to the app).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { describe, expect, it } from 'vitest';
import { Fw, type Context } from 'fw';
import { contextStorage } from '../../src/context-storage';

describe('contextStorage', () => {
  it('gives the request context to a function the handler calls, across awaits (Hono: get context)', async () => {
    const storage = contextStorage();
    const greeting = async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return `${storage.getContext().state.message} ${storage.getContext().path}`;
    };
    const app = new Fw()
      .use(storage)
      .use((ctx, next) => {
        ctx.state.message = 'fw is hot';
        return next();
      })
      .get('/', async () => greeting());
    expect(await (await app.request('/')).text()).toBe('fw is hot /');
  });

  it('keeps concurrent requests apart', async () => {
    const storage = contextStorage();
    const app = new Fw().use(storage).get('/:id', async () => {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10));
      return storage.getContext().params;
    });
    const answers = await Promise.all(['a', 'b', 'c', 'd'].map(async (id) => (await app.request(`/${id}`)).json()));
    expect(answers).toEqual([{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }]);
  });

  it('has no context outside a request: tryGetContext is undefined, getContext throws (Hono: outside)', () => {
    const storage = contextStorage();
    expect(storage.tryGetContext()).toBeUndefined();
    expect(() => storage.getContext()).toThrow('no request is running here');
  });

  it('keeps two storages (two apps) apart', async () => {
    const first = contextStorage();
    const second = contextStorage();
    const app = new Fw()
      .use(first)
      .get('/', () => ({ first: first.tryGetContext()?.path ?? null, second: second.tryGetContext() ?? null }));
    expect(await (await app.request('/')).json()).toEqual({ first: '/', second: null });
  });

  it('uses the AsyncLocalStorage class it is given, and types the context', async () => {
    const storage = contextStorage<Context<unknown, { user: string }>>({ AsyncLocalStorage });
    const app = new Fw()
      .use(storage)
      .use((ctx, next) => {
        ctx.state.user = 'ada';
        return next();
      })
      .get('/', () => storage.getContext().state.user);
    expect(await (await app.request('/')).text()).toBe('ada');
  });

  it('fails at startup when the runtime has none and none is given, naming the fix', () => {
    const runtime = globalThis as { process?: unknown };
    const saved = runtime.process;
    runtime.process = undefined;
    try {
      expect(() => contextStorage()).toThrow("import { AsyncLocalStorage } from 'node:async_hooks'");
    } finally {
      runtime.process = saved;
    }
    expect(() => contextStorage({ AsyncLocalStorage: 'yes' as never })).toThrow('got string as AsyncLocalStorage');
    expect(() => contextStorage({ asyncLocalStorage: AsyncLocalStorage } as never)).toThrow('did you mean "AsyncLocalStorage"');
  });
});
