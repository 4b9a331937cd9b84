import { describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { rangeRequests, type RangeRequestsOptions } from '../../src/web';

const TEXT = 'abcdefghijklmnopqrstuvwxyz';

function appWith(options?: RangeRequestsOptions): Fw {
  const app = new Fw();
  app.use(rangeRequests(options));
  app.get('/text', (ctx) => ctx.setHeader('etag', '"v1"').setHeader('last-modified', 'Sun, 22 Nov 2026 10:00:00 GMT') && TEXT);
  app.get('/empty', () => new Response(''));
  app.get('/events', () => new Response('data: x\n\n', { headers: { 'content-type': 'text/event-stream' } }));
  app.get('/missing', (ctx) => ctx.status(404).text('no'));
  app.post('/text', () => TEXT);
  return app;
}

const get = (app: Fw, range: string, extra: Record<string, string> = {}) => app.request('/text', { headers: { range, ...extra } });

describe('rangeRequests: bad input', () => {
  it('rejects bad options', () => {
    expect(() => rangeRequests({ maxBytes: 0 })).toThrow('maxBytes must be a positive integer');
    expect(() => rangeRequests({ maxRanges: 1.5 })).toThrow('maxRanges must be a positive integer');
  });

  it('ignores malformed headers and other units: the whole body, 200', async () => {
    const app = appWith();
    for (const range of ['bytes', 'bytes=abc', 'bytes=1-2-3', 'bytes=--1', 'items=0-1', '=0-1', 'bytes=0x10-20', 'bytes=1-2,,']) {
      const res = await get(app, range);
      expect(res.status, range).toBe(200);
      expect(await res.text()).toBe(TEXT);
    }
  });

  it('answers an unsatisfiable range with 416, Content-Range bytes */size and an error body', async () => {
    const app = appWith();
    for (const range of ['bytes=26-', 'bytes=100-200', 'bytes=5-1', 'bytes=-0']) {
      const res = await get(app, range);
      expect(res.status, range).toBe(416);
      expect(res.headers.get('content-range')).toBe('bytes */26');
      expect((await res.json()).code).toBe('RANGE_NOT_SATISFIABLE');
    }
    expect((await app.request('/empty', { headers: { range: 'bytes=0-0' } })).status).toBe(416);
  });

  it('sends the whole body when there are more ranges than allowed', async () => {
    const res = await get(appWith({ maxRanges: 2 }), 'bytes=0-0,2-2,4-4');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(TEXT);
  });

  it('leaves POST, errors and event streams alone', async () => {
    const app = appWith();
    expect((await app.request('/text', { method: 'POST', headers: { range: 'bytes=0-1' } })).status).toBe(200);
    expect((await app.request('/missing', { headers: { range: 'bytes=0-1' } })).status).toBe(404);
    const events = await app.request('/events', { headers: { range: 'bytes=0-1' } });
    expect(events.status).toBe(200);
    expect(events.headers.has('accept-ranges')).toBe(false);
  });
});

describe('rangeRequests', () => {
  it('advertises Accept-Ranges on full answers', async () => {
    const res = await appWith().request('/text');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(await res.text()).toBe(TEXT);
  });

  it('serves single ranges: closed, open-ended, suffix, clamped', async () => {
    const app = appWith();
    const cases: [string, string, string][] = [
      ['bytes=0-4', 'abcde', 'bytes 0-4/26'],
      ['bytes=20-', 'uvwxyz', 'bytes 20-25/26'],
      ['bytes=-3', 'xyz', 'bytes 23-25/26'],
      ['bytes=24-999', 'yz', 'bytes 24-25/26'],
      // RFC 9110 §14.1.2: a suffix longer than the body selects all of it (range-parser alone answers 416).
      ['bytes=-27', TEXT, 'bytes 0-25/26'],
      ['bytes=-99999999999999999999', TEXT, 'bytes 0-25/26'],
      ['bytes=0-2,1-4', 'abcde', 'bytes 0-4/26'],
    ];
    for (const [range, body, contentRange] of cases) {
      const res = await get(app, range);
      expect(res.status).toBe(206);
      expect(res.headers.get('content-range')).toBe(contentRange);
      expect(res.headers.get('content-length')).toBe(String(body.length));
      expect(res.headers.get('etag')).toBe('"v1"');
      expect(await res.text()).toBe(body);
    }
  });

  it('serves several ranges as multipart/byteranges', async () => {
    const res = await get(appWith(), 'bytes=0-1, 10-12');
    expect(res.status).toBe(206);
    const type = res.headers.get('content-type')!;
    const boundary = /^multipart\/byteranges; boundary=(fw-[0-9a-f]{24})$/.exec(type)![1];
    const body = await res.text();
    expect(res.headers.get('content-length')).toBe(String(new TextEncoder().encode(body).byteLength));
    expect(body).toBe(
      `--${boundary}\r\nContent-Type: text/plain;charset=UTF-8\r\nContent-Range: bytes 0-1/26\r\n\r\nab\r\n` +
        `--${boundary}\r\nContent-Type: text/plain;charset=UTF-8\r\nContent-Range: bytes 10-12/26\r\n\r\nklm\r\n` +
        `--${boundary}--\r\n`,
    );
  });

  it('honours If-Range: a matching strong ETag or date gives a range, anything else the whole body', async () => {
    const app = appWith();
    expect((await get(app, 'bytes=0-1', { 'if-range': '"v1"' })).status).toBe(206);
    expect((await get(app, 'bytes=0-1', { 'if-range': 'Sun, 22 Nov 2026 10:00:00 GMT' })).status).toBe(206);
    expect((await get(app, 'bytes=0-1', { 'if-range': '"v0"' })).status).toBe(200);
    expect((await get(app, 'bytes=0-1', { 'if-range': 'W/"v1"' })).status).toBe(200);
    expect((await get(app, 'bytes=0-1', { 'if-range': 'yesterday' })).status).toBe(200);
  });

  it('sends bodies over maxBytes whole', async () => {
    const res = await get(appWith({ maxBytes: 10 }), 'bytes=0-1');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(TEXT);
  });
});
