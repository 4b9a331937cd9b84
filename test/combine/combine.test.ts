/**
 * some(), every() and except(): the cases of Hono's src/middleware/combine/index.test.ts. Difference: a condition
 * answering false (or every() of conditions failing) refuses with fw's 403 `CONDITION_UNMET` where Hono throws a
 * plain Error (a 500 unless onError maps it).
 */
import { describe, expect, it, vi } from 'vitest';
import { Fw, type Middleware } from 'fw';
import { every, except, some } from '../../src/combine';

const passThrough: Middleware = (_ctx, next) => next();

function appWith(middleware: Middleware): Fw {
  return new Fw({ logErrors: false })
    .use(middleware)
    .get('/', () => 'Hello World')
    .get('/:id', (ctx) => ctx.params);
}

describe('some', () => {
  it('calls only the first middleware that passes', async () => {
    const first = vi.fn(passThrough);
    const second = vi.fn(passThrough);
    const res = await appWith(some(first, second)).request('/');
    expect(first).toHaveBeenCalled();
    expect(second).not.toHaveBeenCalled();
    expect(await res.text()).toBe('Hello World');
  });

  it('tries the next one when one throws or answers false', async () => {
    for (const failing of [
      () => {
        throw new Error('Error');
      },
      () => false,
    ]) {
      const second = vi.fn(passThrough);
      const res = await appWith(some(failing, second)).request('/');
      expect(second).toHaveBeenCalled();
      expect(await res.text()).toBe('Hello World');
    }
  });

  it('throws the last error when all throw; 403 when all answer false', async () => {
    const a = new Fw({ logErrors: false })
      .use(
        some(
          () => {
            throw new Error('Error1');
          },
          () => {
            throw new Error('Error2');
          },
        ),
      )
      .get('/', () => 'x');
    a.onError((error) => new Response((error as Error).message));
    expect(await (await a.request('/')).text()).toBe('Error2');
    const refused = await appWith(
      some(
        () => false,
        () => false,
      ),
    ).request('/');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'CONDITION_UNMET' });
  });

  it('never runs a skipped item when the handler throws after next() (Hono: skipped middleware)', async () => {
    for (const first of [passThrough, () => true]) {
      const second = vi.fn(() => true);
      const a = new Fw({ logErrors: false })
        .use(
          every(some(first, second), () => {
            throw new Error('Error');
          }),
        )
        .get('/', () => 'OK');
      expect((await a.request('/')).status).toBe(500);
      expect(second).not.toHaveBeenCalled();
    }
  });

  it('lets a guard refuse and another let through (an API key or a session)', async () => {
    const apiKey: Middleware = (ctx, next) => {
      if (ctx.header('x-api-key') !== 'k') throw new Error('no key');
      return next();
    };
    const session = (ctx: { header(name: string): string | null }) => ctx.header('cookie') === 'sid=1';
    const a = appWith(some(apiKey, session));
    expect((await a.request('/', { headers: { 'x-api-key': 'k' } })).status).toBe(200);
    expect((await a.request('/', { headers: { cookie: 'sid=1' } })).status).toBe(200);
    expect((await a.request('/')).status).toBe(403);
  });
});

describe('every', () => {
  it('calls all middleware, in order', async () => {
    const order: number[] = [];
    const mark =
      (n: number): Middleware =>
      (_ctx, next) => {
        order.push(n);
        return next();
      };
    const res = await appWith(every(mark(1), mark(2), () => true, mark(3))).request('/');
    expect(order).toEqual([1, 2, 3]);
    expect(await res.text()).toBe('Hello World');
  });

  it('stops at a middleware that throws or a condition that answers false', async () => {
    const second = vi.fn(passThrough);
    expect(
      (
        await appWith(
          every(() => {
            throw new Error('Error');
          }, second),
        ).request('/')
      ).status,
    ).toBe(500);
    const refused = await appWith(every(() => false, second)).request('/');
    expect(refused.status).toBe(403);
    expect(second).not.toHaveBeenCalled();
  });

  it('answers what a middleware answers when it ends the chain', async () => {
    const second = vi.fn(passThrough);
    const answer: Middleware = (ctx) => ctx.text('Hello Middleware 1');
    const res = await appWith(every(answer, second)).request('/');
    expect(await res.text()).toBe('Hello Middleware 1');
    expect(second).not.toHaveBeenCalled();
  });

  it('passes the path params to the middleware', async () => {
    const params: Middleware = (ctx) => ctx.jsonResponse(ctx.params);
    const res = await appWith(every(params)).request('/123');
    expect(await res.json()).toEqual({ id: '123' });
  });

  it('refuses to be built empty or of non-functions', () => {
    expect(() => every()).toThrow('give at least one middleware');
    expect(() => some('x' as never)).toThrow('argument 1 must be a middleware or a condition function');
  });
});

describe('except', () => {
  function maintenance(condition: Parameters<typeof except>[0]) {
    const first = vi.fn(passThrough);
    const second = vi.fn(passThrough);
    const a = new Fw({ logErrors: false })
      .use(except(condition, first, second))
      .get('/maintenance', () => 'Hello Maintenance')
      .get('/public/users/:id', () => 'public')
      .get('/private', () => 'private');
    return { a, first, second };
  }

  it('runs the middleware except on a matching path', async () => {
    const { a, first, second } = maintenance('/maintenance');
    await a.request('/private');
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
    expect(await (await a.request('/maintenance')).text()).toBe('Hello Maintenance');
    expect(first).toHaveBeenCalledTimes(1);
  });

  it('skips on any of several patterns (with params and wildcards)', async () => {
    const { a, first } = maintenance(['/maintenance', '/public/users/:id']);
    await a.request('/maintenance');
    await a.request('/public/users/7');
    expect(first).not.toHaveBeenCalled();
    await a.request('/private');
    expect(first).toHaveBeenCalledTimes(1);
    const wild = maintenance('/public/*');
    await wild.a.request('/public/users/7');
    expect(wild.first).not.toHaveBeenCalled();
  });

  it('skips when a condition function answers true', async () => {
    const { a, first } = maintenance(['/nothing', (ctx) => ctx.header('x-skip') === '1']);
    await a.request('/private', { headers: { 'x-skip': '1' } });
    expect(first).not.toHaveBeenCalled();
    await a.request('/private');
    expect(first).toHaveBeenCalledTimes(1);
  });

  it('refuses an empty condition list or a bad condition at startup', () => {
    expect(() => except([], passThrough)).toThrow('give at least one path pattern or condition');
    expect(() => except(42 as never, passThrough)).toThrow('a condition must be a path pattern or a function');
  });
});
