import { describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { cors, corsPlugin } from '../../src/cors';

function app(options: Parameters<typeof cors>[0]): Fw {
  const a = new Fw();
  a.use(cors(options));
  a.get('/data', () => ({ ok: true }));
  a.post('/data', () => ({ ok: true }));
  return a;
}

const preflight = (origin: string, method = 'POST', headers = 'content-type') => ({
  method: 'OPTIONS',
  headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
});

describe('cors', () => {
  it('answers * for any origin without credentials, and nothing for same-origin requests', async () => {
    const a = app({});
    const res = await a.request('/data', { headers: { origin: 'https://a.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect((await a.request('/data')).headers.has('access-control-allow-origin')).toBe(false);
  });

  it('reflects allowed origins with Vary, and sends no CORS headers to others', async () => {
    const a = app({ origin: ['https://a.example', 'https://b.example'], credentials: true, exposedHeaders: ['x-total'] });
    const ok = await a.request('/data', { headers: { origin: 'https://b.example' } });
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://b.example');
    expect(ok.headers.get('access-control-allow-credentials')).toBe('true');
    expect(ok.headers.get('access-control-expose-headers')).toBe('x-total');
    expect(ok.headers.get('vary')).toBe('Origin');
    const denied = await a.request('/data', { headers: { origin: 'https://evil.example' } });
    expect(denied.status).toBe(200);
    expect(denied.headers.has('access-control-allow-origin')).toBe(false);
    expect(denied.headers.get('vary')).toBe('Origin');
  });

  it('answers preflights with 204, methods, headers and Max-Age, before routing', async () => {
    const a = app({ origin: /^https:\/\/.*\.example$/, maxAge: 600, credentials: true });
    const res = await a.request('/data', preflight('https://x.example', 'POST', 'Content-Type, X-Token'));
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://x.example');
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, HEAD, PUT, PATCH, POST, DELETE');
    expect(res.headers.get('access-control-allow-headers')).toBe('content-type, x-token');
    expect(res.headers.get('access-control-max-age')).toBe('600');
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect((await a.request('/unknown', preflight('https://x.example'))).status).toBe(204);
  });

  it('refuses preflights from unknown origins or with headers not allowed, with a clear 403', async () => {
    const a = app({ origin: (o) => o === 'https://ok.example', allowedHeaders: ['content-type'] });
    const bad = await a.request('/data', preflight('https://evil.example'));
    expect(bad.status).toBe(403);
    expect(await bad.json()).toEqual({ error: 'Origin https://evil.example is not allowed', code: 'CORS_ORIGIN_DENIED' });
    const headers = await a.request('/data', preflight('https://ok.example', 'POST', 'x-secret'));
    expect(headers.status).toBe(403);
    expect((await headers.json()).code).toBe('CORS_HEADERS_DENIED');
  });

  it('never sends * with credentials: that configuration is refused', () => {
    expect(() => cors({ origin: '*', credentials: true })).toThrow("origin '*' cannot be combined with credentials");
  });

  it('adds its headers to a response whose headers are immutable (a copy of it)', async () => {
    const a = new Fw();
    a.use(cors({ origin: 'https://a.example' }));
    a.get('/go', () => Response.redirect('https://elsewhere.example/', 302));
    const res = await a.request('/go', { headers: { origin: 'https://a.example' } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://elsewhere.example/');
    expect(res.headers.get('access-control-allow-origin')).toBe('https://a.example');
    expect(res.headers.get('vary')).toBe('Origin');
  });

  it('works as a plugin and keeps Vary values set by the handler', async () => {
    const a = new Fw();
    await a.plugin(corsPlugin({ origin: 'https://a.example' }));
    a.get('/', (ctx) => ctx.setHeader('vary', 'Accept') && 'x');
    const res = await a.request('/', { headers: { origin: 'https://a.example' } });
    expect(res.headers.get('vary')).toBe('Accept, Origin');
  });
});
