import { describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { domainRoute, domainRouting } from '../../src/web';
import { hostnameOf } from '../../src/web/domain-routing';

function named(name: string): Fw {
  const app = new Fw();
  app.get('/', (ctx) => ({ app: name, host: new URL(ctx.request.url).hostname }));
  app.post('/echo', async (ctx) => ({ app: name, body: await ctx.json() }));
  return app;
}

async function build(): Promise<Fw> {
  const main = new Fw();
  main.use(
    domainRouting([
      domainRoute('api.example.com', named('api')),
      domainRoute('*.example.com', named('tenant')),
      domainRoute('**.example.com', named('deep')),
      domainRoute('*.eu.example.com', named('eu')),
    ]),
  );
  main.get('/', () => ({ app: 'main' }));
  return main;
}

const on = async (app: Fw, url: string) => (await app.request(url)).json();

describe('domainRouting: bad input', () => {
  it('rejects malformed patterns, apps without fetch, and a hostname routed twice', () => {
    expect(() => domainRoute('', named('x'))).toThrow('is not a hostname pattern');
    expect(() => domainRoute('a.*.example.com', named('x'))).toThrow('is not a hostname pattern');
    expect(() => domainRoute('bad host.com', named('x'))).toThrow('is not a hostname pattern');
    expect(() => domainRoute('*', named('x'))).toThrow('is not a hostname pattern');
    expect(() => domainRoute('ok.com', {} as never)).toThrow('must have a fetch(request) method');
    expect(() => domainRouting({ 'a.com': named('1'), 'A.com.': named('2') })).toThrow('"a.com" is routed twice');
  });

  it('reads hostnames defensively', () => {
    expect(hostnameOf('API.Example.com:8443')).toBe('api.example.com');
    expect(hostnameOf('example.com.')).toBe('example.com');
    expect(hostnameOf('[::1]:3000')).toBe('[::1]');
    expect(hostnameOf('evil.com/../x')).toBeNull();
    expect(hostnameOf('-bad-.com')).toBeNull();
    expect(hostnameOf('')).toBeNull();
    expect(hostnameOf(null)).toBeNull();
  });

  it('sends unknown hostnames and lookalikes to the main app', async () => {
    const app = await build();
    expect(await on(app, 'http://example.com/')).toEqual({ app: 'main' });
    expect(await on(app, 'http://evilexample.com/')).toEqual({ app: 'main' });
    expect(await on(app, 'http://api.example.com.evil.net/')).toEqual({ app: 'main' });
    expect(await on(app, 'http://127.0.0.1/')).toEqual({ app: 'main' });
  });
});

describe('domainRouting', () => {
  it('prefers exact names, then the most specific wildcard', async () => {
    const app = await build();
    expect(await on(app, 'http://api.example.com/')).toMatchObject({ app: 'api' });
    expect(await on(app, 'http://API.EXAMPLE.COM:8080/')).toMatchObject({ app: 'api' });
    expect(await on(app, 'http://acme.example.com/')).toEqual({ app: 'tenant', host: 'acme.example.com' });
    expect(await on(app, 'http://shop.eu.example.com/')).toMatchObject({ app: 'eu' });
    expect(await on(app, 'http://a.b.c.example.com/')).toMatchObject({ app: 'deep' });
  });

  it('hands the sub-app the request untouched, body included, and its own 404s', async () => {
    const app = await build();
    const res = await app.request('http://api.example.com/echo', {
      method: 'POST',
      body: JSON.stringify({ x: 1 }),
      headers: { 'content-type': 'application/json' },
    });
    expect(await res.json()).toEqual({ app: 'api', body: { x: 1 } });
    expect((await app.request('http://api.example.com/nope')).status).toBe(404);
  });

  it('accepts a record of hostname to app', async () => {
    const main = new Fw();
    main.use(domainRouting({ 'docs.example.org': named('docs') }));
    main.get('/', () => 'main');
    expect(await on(main, 'http://docs.example.org/')).toMatchObject({ app: 'docs' });
    expect(await (await main.request('http://www.example.org/')).text()).toBe('main');
  });
});
