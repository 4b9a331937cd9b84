/**
 * timeout(): cases of Hono's src/middleware/timeout/index.test.ts (a fast request passes, a slow one gets 504, a
 * custom answer built from the context) plus the signal the handler gets. Difference: Hono takes an HTTPException
 * (or a function making one); fw takes `status` (503 or 504), `message` and `onTimeout(ctx)` returning a Response.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { Fw as CoreFw } from 'fw/core';
import { timeout, type TimeoutOptions } from '../../src/timeout';

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

function app(ms: number, options?: TimeoutOptions): Fw {
  return new Fw({ logErrors: false })
    .use(timeout(ms, options))
    .get('/fast', () => 'fast')
    .get('/slow', async () => {
      await sleep(300);
      return 'slow';
    });
}

describe('timeout', () => {
  it('lets a request that ends in time through (Hono: should not timeout)', async () => {
    const res = await app(200).request('/fast');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('fast');
  });

  it('answers 504 with fw error JSON past the limit (Hono: default timeout exception)', async () => {
    const started = Date.now();
    const res = await app(50).request('/slow');
    expect(Date.now() - started).toBeLessThan(250);
    expect(res.status).toBe(504);
    expect(await res.json()).toMatchObject({ error: 'Request timed out after 50 ms', code: 'REQUEST_TIMEOUT' });
  });

  it('answers 503 and a message of the app', async () => {
    const res = await app(50, { status: 503, message: 'Try again later' }).request('/slow');
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ error: 'Try again later' });
  });

  it('builds the answer from the context (Hono: custom exception with a function)', async () => {
    const res = await app(50, {
      onTimeout: (ctx) => new Response(`Request timeout. Path: ${ctx.path}`, { status: 408 }),
    }).request('/slow');
    expect(res.status).toBe(408);
    expect(await res.text()).toBe('Request timeout. Path: /slow');
  });

  it('aborts ctx.signal with a TimeoutError, so work given the signal stops', async () => {
    let reason: unknown;
    const a = new CoreFw({ logErrors: false }).use(timeout(50)).get('/', async (ctx) => {
      try {
        await sleep(5000, ctx.signal);
      } catch (error) {
        reason = error;
      }
      return 'late';
    });
    expect((await a.request('/')).status).toBe(504);
    expect(reason).toBeInstanceOf(DOMException);
    expect((reason as DOMException).name).toBe('TimeoutError');
  });

  it('aborts a fetch() the handler passed ctx.signal to', async () => {
    const server = createServer(() => undefined).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const port = (server.address() as AddressInfo).port;
    let fetchError: unknown;
    const a = new Fw({ logErrors: false }).use(timeout(100)).get('/', async (ctx) => {
      try {
        await fetch(`http://127.0.0.1:${port}/hang`, { signal: ctx.signal });
      } catch (error) {
        fetchError = error;
      }
      return 'late';
    });
    try {
      expect((await a.request('/')).status).toBe(504);
      await sleep(20);
      expect((fetchError as Error).name).toBe('TimeoutError');
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('keeps the handler error of a request that fails in time, and swallows a late one', async () => {
    const a = new Fw({ logErrors: false })
      .use(timeout(50))
      .get('/early', () => {
        throw new Error('boom');
      })
      .get('/late', async () => {
        await sleep(120);
        throw new Error('late boom');
      });
    expect((await a.request('/early')).status).toBe(500);
    expect((await a.request('/late')).status).toBe(504);
    await sleep(150);
  });

  it('nests: an inner, shorter limit answers first, and the outer signal reaches the inner', async () => {
    const a = new Fw({ logErrors: false })
      .use(timeout(1000))
      .use(timeout(50, { status: 503 }))
      .get('/', async (ctx) => {
        await sleep(300, ctx.signal);
        return 'late';
      });
    expect((await a.request('/')).status).toBe(503);
  });

  it('refuses bad options at startup', () => {
    expect(() => timeout(0)).toThrow('the limit must be a number of milliseconds > 0');
    expect(() => timeout(Number.NaN)).toThrow('the limit must be');
    expect(() => timeout(2 ** 31)).toThrow('<= 2147483647');
    expect(() => timeout('5s' as unknown as number)).toThrow('the limit must be');
    expect(() => timeout(100, { status: 500 as 503 })).toThrow('status must be 503 or 504');
    expect(() => timeout(100, { staus: 503 } as TimeoutOptions)).toThrow('did you mean "status"');
    expect(() => timeout(100, { onTimeout: 'x' as unknown as () => Response })).toThrow('onTimeout must be a function');
  });
});
