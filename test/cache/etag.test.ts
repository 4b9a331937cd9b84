import { describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { etag } from '../../src/cache';

function appWith(options?: Parameters<typeof etag>[0]): Fw {
  const app = new Fw();
  app.use(etag(options));
  app.get('/', () => ({ hello: 'world' }));
  app.post('/', () => ({ posted: true }));
  app.get('/fail', (ctx) => ctx.status(500).jsonResponse({ no: 1 }));
  app.get('/own', () => new Response('own', { headers: { etag: '"v1"', 'cache-control': 'max-age=60' } }));
  app.get('/big', () => 'x'.repeat(5000));
  app.get(
    '/events',
    () =>
      new Response(
        new ReadableStream({
          start(c) {
            c.enqueue(new TextEncoder().encode('data: 1\n\n'));
          },
        }),
        { headers: { 'content-type': 'text/event-stream' } },
      ),
  );
  return app;
}

describe('etag', () => {
  it('rejects a bad maxBytes', () => {
    expect(() => etag({ maxBytes: 0 })).toThrow('maxBytes must be a positive integer');
  });

  it('ignores malformed or non-matching If-None-Match and answers in full', async () => {
    const app = appWith();
    for (const header of ['garbage', '"nope"', ',,,', 'W/']) {
      const res = await app.request('/', { headers: { 'if-none-match': header } });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ hello: 'world' });
    }
  });

  it('sends a strong ETag and answers 304 (no body, validators kept) when it matches, weakly or in a list or as *', async () => {
    const app = appWith();
    const first = await app.request('/');
    const tag = first.headers.get('etag')!;
    expect(tag).toMatch(/^"[0-9a-f]{27}"$/);
    expect((await app.request('/')).headers.get('etag')).toBe(tag);
    for (const header of [tag, `W/${tag}`, `"other", ${tag}`, '*']) {
      const res = await app.request('/', { headers: { 'if-none-match': header } });
      expect(res.status).toBe(304);
      expect(res.headers.get('etag')).toBe(tag);
      expect(res.headers.has('content-type')).toBe(false);
      expect(await res.text()).toBe('');
    }
  });

  it('sends weak ETags when asked', async () => {
    const tag = (await appWith({ weak: true }).request('/')).headers.get('etag')!;
    expect(tag).toMatch(/^W\/"[0-9a-f]{27}"$/);
    expect((await appWith({ weak: true }).request('/', { headers: { 'if-none-match': tag.slice(2) } })).status).toBe(304);
  });

  it('leaves other methods, error statuses, and an ETag the handler set alone (but honours the latter)', async () => {
    const app = appWith();
    expect((await app.request('/', { method: 'POST' })).headers.has('etag')).toBe(false);
    expect((await app.request('/fail')).headers.has('etag')).toBe(false);
    const own = await app.request('/own', { headers: { 'if-none-match': '"v1"' } });
    expect(own.status).toBe(304);
    expect(own.headers.get('cache-control')).toBe('max-age=60');
    expect((await app.request('/own')).headers.get('etag')).toBe('"v1"');
  });

  it('passes bodies over maxBytes through intact without an ETag', async () => {
    const res = await appWith({ maxBytes: 1000 }).request('/big');
    expect(res.headers.has('etag')).toBe(false);
    expect(await res.text()).toBe('x'.repeat(5000));
  });

  it('leaves an endless event stream alone: the response comes back at once and streams', async () => {
    const res = await appWith().request('/events');
    expect(res.headers.has('etag')).toBe(false);
    const reader = res.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: 1\n\n');
    await reader.cancel();
  });
});
