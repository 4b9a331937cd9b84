/**
 * stream() and streamText() in process, with Hono's cases (src/helper/streaming/stream.test.ts, text.test.ts) ported.
 * Differences, on purpose: an error without onError is logged and ends the body with an error (Hono closes it as if
 * complete); streamText sends no Transfer-Encoding header (a hop-by-hop header the server sets itself; HTTP/2 forbids it).
 */
import { describe, expect, it, vi } from 'vitest';
import { CoreFw, Fw } from 'fw';
import { stream, streamText } from '../../src/stream';

const bytes = (...values: number[]) => new Uint8Array(values);

function app(): Fw {
  return new Fw({ logErrors: false });
}

describe('stream()', () => {
  it('sends each write as its own chunk (Hono: Check stream Response)', async () => {
    const a = app().get('/', (ctx) =>
      stream(ctx, async (s) => {
        for (let i = 0; i < 3; i++) {
          await s.write(bytes(i));
          await s.sleep(1);
        }
      }),
    );
    const res = await a.request('/');
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    const reader = res.body!.getReader();
    for (let i = 0; i < 3; i++) expect((await reader.read()).value).toEqual(bytes(i));
    expect((await reader.read()).done).toBe(true);
  });

  it('runs onAbort when the client cancels the body (Hono: aborted by client)', async () => {
    let aborted = false;
    const a = app().get('/', (ctx) =>
      stream(ctx, async (s) => {
        s.onAbort(() => {
          aborted = true;
        });
        for (let i = 0; i < 3; i++) {
          await s.write(bytes(i));
          await s.sleep(1);
        }
      }),
    );
    const reader = (await a.request('/')).body!.getReader();
    expect((await reader.read()).value).toEqual(bytes(0));
    await reader.cancel();
    expect(aborted).toBe(true);
  });

  it('aborts when the request signal aborts (Hono: aborted by abort signal)', async () => {
    const controller = new AbortController();
    let aborted = false;
    let signalAborted = false;
    const a = app().get('/', (ctx) =>
      stream(ctx, async (s) => {
        s.onAbort(() => {
          aborted = true;
        });
        s.signal.addEventListener('abort', () => {
          signalAborted = true;
        });
        for (let i = 0; i < 3; i++) await s.write(bytes(i));
      }),
    );
    const reader = (await a.request(new Request('http://localhost/', { signal: controller.signal }))).body!.getReader();
    expect((await reader.read()).value).toEqual(bytes(0));
    controller.abort();
    expect(aborted).toBe(true);
    expect(signalAborted).toBe(true);
  });

  it('stops a pipe when the request signal aborts (Hono: pipe is aborted by abort signal)', async () => {
    const controller = new AbortController();
    let aborted = false;
    let sourceCancelled = false;
    const a = app().get('/', (ctx) =>
      stream(ctx, async (s) => {
        s.onAbort(() => {
          aborted = true;
        });
        await s.pipe(new ReadableStream({ cancel: () => void (sourceCancelled = true) }));
      }),
    );
    const reader = (await a.request(new Request('http://localhost/', { signal: controller.signal }))).body!.getReader();
    const reading = reader.read();
    controller.abort();
    await reading;
    expect(aborted).toBe(true);
    expect(sourceCancelled).toBe(true);
  });

  it('pipes another stream through, chunk by chunk', async () => {
    const a = app().get('/', (ctx) =>
      stream(ctx, async (s) => {
        await s.write('head;');
        await s.pipe(new Blob(['a', 'b']).stream());
        await s.writeln(';tail');
      }),
    );
    expect(await (await a.request('/')).text()).toBe('head;ab;tail\n');
  });

  it('calls onError with the error, then ends the body normally (Hono: error occurred)', async () => {
    const onError = vi.fn();
    const a = app().get('/', (ctx) =>
      stream(
        ctx,
        async () => {
          throw new Error('error');
        },
        onError,
      ),
    );
    const reader = (await a.request('/')).body!.getReader();
    const { value, done } = await reader.read();
    expect(value).toBeUndefined();
    expect(done).toBe(true);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(new Error('error'), expect.anything());
  });

  it('logs an error without onError through logErrors and cuts the body off', async () => {
    const logged: unknown[] = [];
    const a = new Fw({ logErrors: (error) => logged.push(error) }).get('/', (ctx) =>
      stream(ctx, async (s) => {
        await s.write('partial');
        throw new Error('producer broke');
      }),
    );
    const reader = (await a.request('/')).body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('partial');
    await expect(reader.read()).rejects.toThrow('producer broke');
    expect(logged).toEqual([new Error('producer broke')]);
  });

  it('holds back the producer until the client reads (back-pressure)', async () => {
    let written = 0;
    const a = app().get('/', (ctx) =>
      stream(ctx, async (s) => {
        for (let i = 0; i < 100; i++) {
          await s.write(bytes(i));
          written++;
        }
      }),
    );
    const reader = (await a.request('/')).body!.getReader();
    await reader.read();
    await reader.read();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(written).toBeLessThanOrEqual(2);
    await reader.cancel();
  });

  it('keeps concurrent writes in order', async () => {
    const a = app().get('/', (ctx) =>
      stream(ctx, async (s) => {
        await Promise.all([s.write('a'), s.write('b'), s.write('c')]);
      }),
    );
    expect(await (await a.request('/')).text()).toBe('abc');
  });

  it('keeps the status, headers and cookies the handler set', async () => {
    const a = app().get('/', (ctx) => {
      ctx.status(201).setHeader('content-type', 'application/x-ndjson');
      ctx.setCookie('seen', '1');
      return stream(ctx, (s) => s.writeln('{}').then(() => undefined));
    });
    const res = await a.request('/');
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toBe('application/x-ndjson');
    expect(res.headers.getSetCookie()).toEqual(['seen=1; Path=/']);
    expect(await res.text()).toBe('{}\n');
  });

  it('works on a fw/core app', async () => {
    const a = new CoreFw().get('/', (ctx) => stream(ctx, (s) => s.write('core').then(() => undefined)));
    expect(await (await a.request('/')).text()).toBe('core');
  });

  it('refuses a call without a callback, with a message', () => {
    const a = app();
    const ctx = { request: new Request('http://localhost/'), app: a } as never;
    expect(() => stream(ctx, undefined as never)).toThrow(/callback must be a function/);
    expect(() => stream(ctx, async () => undefined, 'oops' as never)).toThrow(/onError must be a function/);
  });
});

describe('streamText()', () => {
  it('streams text with text/plain and nosniff (Hono: Check streamText Response)', async () => {
    const a = app().get('/', (ctx) =>
      streamText(ctx, async (s) => {
        for (let i = 0; i < 3; i++) {
          await s.write(`${i}`);
          await s.sleep(1);
        }
      }),
    );
    const res = await a.request('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('transfer-encoding')).toBeNull();
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    for (let i = 0; i < 3; i++) expect(decoder.decode((await reader.read()).value)).toBe(`${i}`);
  });
});
