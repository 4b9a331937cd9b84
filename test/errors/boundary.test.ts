import { describe, expect, it, vi } from 'vitest';
import { Fw } from '../../src/app/fw';
import type { Context } from '../../src/core/context';
import { NotFoundError } from '../../src/core/errors';
import { errorBoundary, toErrorResponse, withErrorBoundary } from '../../src/errors';

describe('errorBoundary plugin', () => {
  it('reports every error with its classification and answers with the core body', async () => {
    const report = vi.fn();
    const app = new Fw();
    await app.plugin(errorBoundary({ report }));
    app.get('/missing', () => {
      throw new NotFoundError('no such user');
    });
    app.get('/boom', () => {
      throw new Error('secret detail');
    });
    const missing = await app.request('/missing');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'no such user', code: 'NOT_FOUND' });
    const boom = await app.request('/boom');
    expect(boom.status).toBe(500);
    expect(await boom.json()).toEqual({ error: 'Internal Server Error', code: 'INTERNAL_ERROR' });
    expect(report.mock.calls.map((c) => c[1].category)).toEqual(['not_found', 'unknown']);
  });

  it('a failing reporter does not change the response; render can replace it', async () => {
    const app = new Fw();
    await app.plugin(
      errorBoundary({
        report: () => {
          throw new Error('tracker down');
        },
        render: (c) => (c.status === 404 ? { notFound: true } : undefined),
      }),
    );
    app.get('/missing', () => {
      throw new NotFoundError();
    });
    app.get('/boom', () => {
      throw new Error('x');
    });
    const missing = await app.request('/missing');
    expect(await missing.json()).toEqual({ notFound: true });
    expect((await app.request('/boom')).status).toBe(500);
  });

  it('rejects bad options', () => {
    expect(() => errorBoundary({ report: 'x' as never })).toThrow(/"report" must be a function/);
  });
});

describe('ctx.errorBoundary', () => {
  async function appWith(handler: (ctx: any) => unknown) {
    const app = new Fw({ development: true });
    await app.plugin(errorBoundary());
    app.get('/', handler);
    return app;
  }
  const fail = () => {
    throw new Error('inner');
  };

  it('fallback: a value or a function of the error', async () => {
    expect(await (await (await appWith((ctx) => ctx.errorBoundary(fail, { fallback: { v: 1 } }))).request('/')).json()).toEqual({ v: 1 });
    expect(
      await (await (await appWith((ctx) => ctx.errorBoundary(fail, { fallback: (e: Error) => ({ m: e.message }) }))).request('/')).json(),
    ).toEqual({ m: 'inner' });
  });

  it('onError: its return value is the result, with the classification', async () => {
    const app = await appWith((ctx) => ctx.errorBoundary(fail, { onError: (_e: unknown, c: any) => ({ category: c.category }) }));
    expect(await (await app.request('/')).json()).toEqual({ category: 'unknown' });
  });

  it('rethrow: true gives an error with an HTTP status; a function maps the error', async () => {
    const plain = await appWith((ctx) =>
      ctx.errorBoundary(
        () => {
          throw new TypeError('fetch failed');
        },
        { rethrow: true },
      ),
    );
    expect((await plain.request('/')).status).toBe(502);
    const mapped = await appWith((ctx) => ctx.errorBoundary(fail, { rethrow: () => new NotFoundError('mapped') }));
    const res = await mapped.request('/');
    expect(res.status).toBe(404);
    expect((await res.json()).error).toBe('mapped');
  });

  it('passes the value through when nothing fails', async () => {
    expect(await withErrorBoundary(() => 7, { fallback: 0 })).toBe(7);
  });

  it.each([
    [{}, /exactly one.*got none/],
    [{ fallback: 1, rethrow: true }, /got fallback and rethrow/],
    [{ onError: 'x' }, /"onError" must be a function/],
    [{ rethrow: 'yes' }, /"rethrow" must be true or a function/],
    [undefined, /needs options/],
  ])('options %j are a clear error (500 with the message in development)', async (options, message) => {
    const app = await appWith((ctx) => ctx.errorBoundary(fail, options));
    const res = await app.request('/');
    expect(res.status).toBe(500);
    expect((await res.json()).error).toMatch(message);
  });
});

describe('toErrorResponse', () => {
  it('uses the negotiated format and the error headers', async () => {
    const app = new Fw({
      formats: [
        {
          name: 'lines',
          contentTypes: ['text/x-lines'],
          extensions: ['.lines'],
          contentType: 'text/x-lines',
          parse: (t) => t,
          serialize: (v) =>
            Object.entries(v as object)
              .map(([k, x]) => `${k}: ${x}`)
              .join('\n'),
        },
      ],
    });
    app.get('/', (ctx: Context) => toErrorResponse(ctx, Object.assign(new NotFoundError('gone'), { headers: { 'x-why': 'test' } })));
    const res = await app.request('/', { headers: { accept: 'text/x-lines' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('x-why')).toBe('test');
    expect(res.headers.get('content-type')).toContain('text/x-lines');
    expect(await res.text()).toContain('error: gone');
  });
});
