import { beforeEach, describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { coldStartHeader, markReady, resetColdStartStats, startInvocation } from 'fw/serverless';

async function invoke(app: Fw, path: string): Promise<Response> {
  const end = startInvocation('test');
  try {
    return await app.request(path);
  } finally {
    end();
  }
}

describe('coldStartHeader()', () => {
  beforeEach(() => {
    resetColdStartStats();
    markReady();
  });

  it('marks the first invocation cold with its init time, the next ones warm', async () => {
    const app = new Fw();
    app.use(coldStartHeader());
    app.get('/', () => 'hi');
    const first = await invoke(app, '/');
    expect(first.headers.get('x-cold-start')).toBe('true');
    expect(first.headers.get('server-timing')).toMatch(/^cold;dur=\d+\.\d$/);
    expect(await first.text()).toBe('hi');
    const second = await invoke(app, '/');
    expect(second.headers.get('x-cold-start')).toBe('false');
    expect(second.headers.get('server-timing')).toBe('cold;dur=0.0');
  });

  it('keeps an existing Server-Timing entry and works on immutable responses and 404s', async () => {
    const app = new Fw();
    app.use(coldStartHeader());
    app.get('/timed', () => new Response('t', { headers: { 'server-timing': 'db;dur=3' } }));
    app.get('/redirect', () => Response.redirect('https://example.com/', 302));
    const timed = await invoke(app, '/timed');
    expect(timed.headers.get('server-timing')).toMatch(/^db;dur=3, cold;dur=/);
    const redirect = await invoke(app, '/redirect');
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe('https://example.com/');
    expect(redirect.headers.get('x-cold-start')).toBe('false');
    const missing = await invoke(app, '/nope');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-cold-start')).toBe('false');
  });
});
