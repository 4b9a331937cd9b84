/**
 * cors(): no configuration lets any website read credentialed answers, and RegExp origins decide the same way on
 * every request. Cases ported from @fastify/cors (test/cors.test.js) and Hono (src/middleware/cors/index.test.ts),
 * in fw's words; deliberate differences are commented.
 */
import { describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { cors, type CorsOptions } from '../../src/cors';

function app(options: CorsOptions): Fw {
  const a = new Fw({ logErrors: false });
  a.use(cors(options));
  a.get('/data', () => ({ ok: true }));
  a.get('/vary', () => new Response('{}', { headers: { vary: 'X-Custom-Vary-Value' } }));
  return a;
}

const from = (origin: string) => ({ headers: { origin } });
const preflight = (origin: string, method = 'DELETE', headers = 'x-csrf') => ({
  method: 'OPTIONS',
  headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
});

describe('Origin: null with credentials', () => {
  it('is never allowed, whatever a RegExp or a function says', async () => {
    for (const origin of [/^(null|https:\/\/a\.example)$/, (o: string) => o === 'null' || o === 'https://a.example']) {
      const a = app({ origin, credentials: true });
      const res = await a.request('/data', from('null'));
      expect(res.status).toBe(200);
      expect(res.headers.has('access-control-allow-origin')).toBe(false);
      expect(res.headers.has('access-control-allow-credentials')).toBe(false);
      expect((await a.request('/data', preflight('null'))).status).toBe(403);
      expect((await a.request('/data', from('https://a.example'))).headers.get('access-control-allow-origin')).toBe('https://a.example');
    }
  });

  it("refuses 'null' in the list of origins at startup, and allows it without credentials", async () => {
    expect(() => cors({ origin: ['https://a.example', 'null'], credentials: true })).toThrow(
      "cors: origin 'null' cannot be allowed with credentials: true",
    );
    const a = app({ origin: ['null'] });
    expect((await a.request('/data', from('null'))).headers.get('access-control-allow-origin')).toBe('null');
  });
});

describe('an origin that allows every website, with credentials', () => {
  it.each([/.*/, /^.*$/, /./, /^https?:\/\/.+$/i, /\w/, /(?:)/])('refuses %s at startup and says how to fix it', (origin) => {
    expect(() => cors({ origin, credentials: true })).toThrow(/matches any origin .*Anchor the pattern to your own hosts/);
  });

  it('accepts anchored patterns with credentials', () => {
    for (const origin of [/^https:\/\/.*\.example\.com$/, /^https:\/\/(app|admin)\.example\.com$/, /\.example\.org(:\d+)?$/]) {
      expect(() => cors({ origin, credentials: true })).not.toThrow();
    }
  });

  it('accepts a reflect-everything pattern without credentials (it is then no more than *)', async () => {
    const a = app({ origin: /.*/ });
    expect((await a.request('/data', from('https://any.example'))).headers.get('access-control-allow-origin')).toBe('https://any.example');
  });

  it("refuses origin: true (Fastify's reflect-every-origin) with a message naming the choices", () => {
    expect(() => cors({ origin: true as never, credentials: true })).toThrow(/fw has no 'reflect every origin' setting/);
    expect(() => cors({ origin: 42 as never })).toThrow(/cors: origin must be '\*', an origin, a list of origins, a RegExp or a function/);
  });

  it("treats a list holding '*' as '*' (@fastify/cors wildcard /2), refused with credentials", async () => {
    expect((await app({ origin: ['*'] }).request('/data', from('https://x.example'))).headers.get('access-control-allow-origin')).toBe('*');
    expect(() => cors({ origin: ['https://a.example', '*'], credentials: true })).toThrow("origin '*' cannot be combined with credentials");
  });

  it("refuses credentials with the default origin at startup (Hono answers '*', which browsers then refuse)", () => {
    expect(() => cors({ credentials: true })).toThrow("origin '*' cannot be combined with credentials");
  });
});

describe('RegExp flags', () => {
  it('a g or y pattern decides the same on every request (its lastIndex is reset on a private copy)', async () => {
    for (const origin of [/^https:\/\/a\.example$/g, /https:\/\/a\.example/y, /(?:example|other)\.com\/?$/giu]) {
      const a = app({ origin, credentials: true });
      const allowed = origin.source.includes('other') ? 'https://www.example.com' : 'https://a.example';
      const answers: (string | null)[] = [];
      for (let i = 0; i < 4; i++) answers.push((await a.request('/data', from(allowed))).headers.get('access-control-allow-origin'));
      expect(answers).toEqual([allowed, allowed, allowed, allowed]);
      expect(origin.lastIndex).toBe(0);
    }
  });

  it('a y pattern keeps its meaning: it matches at the start of the origin only', async () => {
    const a = app({ origin: /https:\/\/a\.example$/y });
    expect((await a.request('/data', from('https://a.example'))).headers.get('access-control-allow-origin')).toBe('https://a.example');
    expect((await a.request('/data', from('https://evil.test#https://a.example'))).headers.has('access-control-allow-origin')).toBe(false);
  });
});

describe('listed origins', () => {
  it('are checked at startup to be origins as browsers send them', () => {
    // @fastify/cors sends a fixed string such as 'other.io' to every caller; fw compares it with the Origin header,
    // which always has a scheme, so a bare host would never match: it is refused.
    expect(() => cors({ origin: 'other.io' })).toThrow('cors: origin "other.io" is not an origin as browsers send it');
    expect(() => cors({ origin: ['https://a.example:443'] })).toThrow('did you mean "https://a.example"?');
    expect(() => cors({ origin: ['https://a.example/app'] })).toThrow(/not an origin/);
    expect(() => cors({ origin: ['https://A.example/', 'http://localhost:5173'] })).not.toThrow();
  });

  it('reflect only matching origins, with Vary: Origin on every answer (Hono "Allow multiple origins")', async () => {
    const a = app({ origin: ['http://example.com', 'http://example.org', 'http://example.dev'] });
    const ok = await a.request('/data', from('http://example.org'));
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://example.org');
    expect(ok.headers.get('vary')).toBe('Origin');
    const other = await a.request('/data', from('http://example.net'));
    expect(other.headers.has('access-control-allow-origin')).toBe(false);
    expect(other.headers.get('vary')).toBe('Origin');
    expect((await a.request('/data', { headers: { referer: 'http://example.org/' } })).headers.has('access-control-allow-origin')).toBe(
      false,
    );
  });
});

describe('origin functions', () => {
  it('may answer with a promise (Hono "Allow origins by promise returning function")', async () => {
    const a = app({ origin: async (o) => o.endsWith('.example.com'), credentials: true });
    expect((await a.request('/data', from('http://sub.example.com'))).headers.get('access-control-allow-origin')).toBe(
      'http://sub.example.com',
    );
    expect((await a.request('/data', from('http://evil-example.com'))).headers.has('access-control-allow-origin')).toBe(false);
  });

  it("must answer a boolean: Hono's form, returning the origin to send, fails loudly instead of allowing everyone", async () => {
    const a = app({ origin: ((o: string) => (o.endsWith('.example.com') ? o : 'http://example.com')) as never, credentials: true });
    const res = await a.request('/data', from('https://evil.test'));
    expect(res.status).toBe(500);
    expect(res.headers.has('access-control-allow-origin')).toBe(false);
  });
});

describe('Vary and preflights (Hono cases)', () => {
  it("keeps the handler's Vary with '*', and appends Origin to it when reflecting", async () => {
    const any = await app({}).request('/vary', from('http://example.com'));
    expect(any.headers.get('access-control-allow-origin')).toBe('*');
    expect(any.headers.get('vary')).toBe('X-Custom-Vary-Value');
    const listed = await app({ origin: ['http://example.com'] }).request('/vary', from('http://example.com'));
    expect(listed.headers.get('vary')).toBe('X-Custom-Vary-Value, Origin');
  });

  it('answers a preflight with a very long Access-Control-Request-Headers value', async () => {
    const res = await app({}).request('/data', preflight('http://example.com', 'GET', `x${' '.repeat(200_000)}x`));
    expect(res.status).toBe(204);
  });

  it('never approves an arbitrary origin in a credentialed preflight', async () => {
    const a = app({ origin: /^https:\/\/app\.example\.com$/, credentials: true });
    const res = await a.request('/data', preflight('https://attacker.example'));
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).not.toBe('https://attacker.example');
  });

  it('checks credentials and maxAge at startup', () => {
    expect(() => cors({ origin: ['https://a.example'], credentials: 'yes' as never })).toThrow('cors: credentials must be a boolean');
    expect(() => cors({ maxAge: Number.NaN })).toThrow('cors: maxAge must be a number of seconds >= 0');
  });
});
