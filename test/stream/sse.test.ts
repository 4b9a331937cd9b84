/**
 * streamSSE() in process, with Hono's cases (src/helper/streaming/sse.test.tsx) ported. Differences, on purpose:
 * - No Transfer-Encoding or Connection header: both are hop-by-hop, set by the server itself, and forbidden in HTTP/2.
 * - When the callback throws, onError runs and may write what the client sees; the error's message is never sent
 *   (Hono writes `event: error` with it, which can carry internal text to the browser).
 * - `data` is a string or a promise of one; JSX is rendered by the app first (fw's JSX is not a string), so Hono's
 *   JSX and ErrorBoundary cases become a promise case.
 * - A bad field (line break in event or id, a retry that is not a whole number >= 0) throws from writeSSE, nothing
 *   of the event is sent, and the callback's error path runs as for any error.
 */
import { describe, expect, it, vi } from 'vitest';
import { Fw, type Context } from 'fw';
import { streamSSE, type SSEStreamingApi } from '../../src/stream';

type Callback = (s: SSEStreamingApi) => Promise<void>;

function sse(callback: Callback, onError?: (e: unknown, s: SSEStreamingApi) => Promise<void> | void): Promise<Response> {
  const app = new Fw({ logErrors: false }).get('/', (ctx: Context) => streamSSE(ctx, callback, onError));
  return app.request('/');
}

async function first(res: Response): Promise<string> {
  const { value } = await res.body!.getReader().read();
  return new TextDecoder().decode(value);
}

describe('streamSSE()', () => {
  it('sends events with event, multi-line data and id, and the SSE headers (Hono: Check streamSSE Response)', async () => {
    const res = await sse(async (s) => {
      for (let id = 0; id < 5; id++) {
        await s.writeSSE({ data: `Message\nIt is ${id}`, event: 'time-update', id: String(id) });
        await s.sleep(10);
      }
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('transfer-encoding')).toBeNull();
    expect(res.headers.get('connection')).toBeNull();
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    for (let i = 0; i < 5; i++) {
      expect(decoder.decode((await reader.read()).value)).toBe(`event: time-update\ndata: Message\ndata: It is ${i}\nid: ${i}\n\n`);
    }
    expect((await reader.read()).done).toBe(true);
  });

  it('runs onAbort when the client cancels (Hono: aborted by client)', async () => {
    let aborted = false;
    const res = await sse(async (s) => {
      s.onAbort(() => {
        aborted = true;
      });
      for (let i = 0; i < 3; i++) await s.writeSSE({ data: `Message ${i}` });
    });
    const reader = res.body!.getReader();
    expect((await reader.read()).value).toEqual(new TextEncoder().encode('data: Message 0\n\n'));
    await reader.cancel();
    expect(aborted).toBe(true);
  });

  it('runs onAbort when the request signal aborts (Hono: aborted by abort signal)', async () => {
    const controller = new AbortController();
    let aborted = false;
    const app = new Fw().get('/', (ctx: Context) =>
      streamSSE(ctx, async (s) => {
        s.onAbort(() => {
          aborted = true;
        });
        for (let i = 0; i < 3; i++) await s.writeSSE({ data: `Message ${i}` });
      }),
    );
    const res = await app.request(new Request('http://localhost/', { signal: controller.signal }));
    expect(await first(res)).toBe('data: Message 0\n\n');
    controller.abort();
    expect(aborted).toBe(true);
  });

  it('writes retry (Hono: Should include retry), retry: 0 included (Hono: Should accept retry: 0)', async () => {
    expect(await first(await sse((s) => s.writeSSE({ data: 'm', retry: 3000 }).then(() => undefined)))).toBe('data: m\nretry: 3000\n\n');
    expect(await first(await sse((s) => s.writeSSE({ data: 'm', retry: 0 }).then(() => undefined)))).toBe('data: m\nretry: 0\n\n');
  });

  it('writes an empty id to reset Last-Event-ID (Hono: Should emit an empty id)', async () => {
    expect(await (await sse((s) => s.writeSSE({ data: 'reset', id: '' }).then(() => undefined))).text()).toBe('data: reset\nid: \n\n');
  });

  it('runs onError, which writes the event the client sees, never the message (Hono: error occurred)', async () => {
    const onError = vi.fn(async (_e: unknown, s: SSEStreamingApi) => {
      await s.writeSSE({ event: 'error', data: 'try again later' });
    });
    const res = await sse(async () => {
      throw new Error('Test error');
    }, onError);
    expect(await res.text()).toBe('event: error\ndata: try again later\n\n');
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(new Error('Test error'), expect.anything());
  });

  it('awaits data given as a promise (Hono: via Promise<string>; its JSX cases render first)', async () => {
    expect(await first(await sse((s) => s.writeSSE({ data: Promise.resolve('Async Message') }).then(() => undefined)))).toBe(
      'data: Async Message\n\n',
    );
  });

  it.each([
    ['\\r (CR)', 'Line1\rLine2', 'data: Line1\ndata: Line2\n'],
    ['\\r\\n (CRLF)', 'Line1\r\nLine2', 'data: Line1\ndata: Line2\n'],
    ['mixed line endings', 'A\nB\rC\r\nD', 'data: A\ndata: B\ndata: C\ndata: D\n'],
    ['consecutive \\r', 'Left\r\rRight', 'data: Left\ndata: \ndata: Right\n'],
  ])('splits data on %s (Hono: handles line endings)', async (_name, data, lines) => {
    expect(await first(await sse((s) => s.writeSSE({ data, event: 'test' }).then(() => undefined)))).toBe(`event: test\n${lines}\n`);
  });

  it.each([
    ['event', '\n', { event: 'test\nevent' }],
    ['event', '\r', { event: 'test\revent' }],
    ['id', '\n', { id: 'test\nid' }],
    ['id', '\r', { id: 'test\rid' }],
  ])('refuses a %s holding %j and sends nothing of it (Hono: Should throw error if …)', async (field, _char, fields) => {
    const onError = vi.fn();
    const res = await sse((s) => s.writeSSE({ data: 'test', ...fields }).then(() => undefined), onError);
    expect(await res.text()).toBe('');
    expect(onError).toHaveBeenCalledTimes(1);
    expect(String(onError.mock.calls[0][0])).toContain(`${field} must not contain`);
  });

  it('refuses a retry that is not a whole number >= 0, and an id with NUL', async () => {
    for (const fields of [{ retry: -1 }, { retry: 1.5 }, { retry: Number.NaN }, { id: 'a\0b' }]) {
      const onError = vi.fn();
      await (await sse((s) => s.writeSSE({ data: 'x', ...fields }).then(() => undefined), onError)).text();
      expect(onError).toHaveBeenCalledTimes(1);
    }
  });

  it('sends comments as keep-alive lines', async () => {
    expect(await (await sse((s) => s.writeComment('ping').then(() => undefined))).text()).toBe(': ping\n\n');
  });

  it('keeps a Cache-Control the handler set', async () => {
    const app = new Fw().get('/', (ctx: Context) => {
      ctx.setHeader('cache-control', 'no-store');
      return streamSSE(ctx, (s) => s.writeSSE({ data: 'x' }).then(() => undefined));
    });
    expect((await app.request('/')).headers.get('cache-control')).toBe('no-store');
  });
});
