import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fw, makeResponse, responseFactory } from 'fw';
import { LightResponse, lightResponseFactory } from 'fw/node';
import { serve, type NodeServer } from 'fw/node';
import { rawExchange } from './helpers';

const optIn = { [responseFactory]: lightResponseFactory };

function sample(): LightResponse {
  return new LightResponse('{"a":"é"}', 201, 'application/json');
}

describe('LightResponse', () => {
  it('is a Response with the status members of one', () => {
    const response = sample();
    expect(response).toBeInstanceOf(Response);
    expect(Object.prototype.toString.call(response)).toBe('[object Response]');
    expect([response.status, response.statusText, response.ok, response.type, response.url, response.redirected]).toEqual([
      201,
      '',
      true,
      'default',
      '',
      false,
    ]);
    expect(new LightResponse(null, 404).ok).toBe(false);
  });

  it('serves text, json, arrayBuffer and blob from its string, once', async () => {
    expect(await sample().text()).toBe('{"a":"é"}');
    expect(await sample().json()).toEqual({ a: 'é' });
    expect(new Uint8Array(await sample().arrayBuffer())).toEqual(new TextEncoder().encode('{"a":"é"}'));
    const blob = await sample().blob();
    expect([blob.type, blob.size, await blob.text()]).toEqual(['application/json', 10, '{"a":"é"}']);
    const response = sample();
    expect(response.bodyUsed).toBe(false);
    await response.text();
    expect(response.bodyUsed).toBe(true);
    await expect(response.text()).rejects.toThrow(TypeError);
    await expect(response.json()).rejects.toThrow(TypeError);
    expect(() => response.clone()).toThrow(TypeError);
  });

  it('gives a readable body stream, after which other reads fail as on a Response', async () => {
    const response = sample();
    expect(response.body).toBeInstanceOf(ReadableStream);
    expect(await new Response(response.body).text()).toBe('{"a":"é"}');
    expect(response.bodyUsed).toBe(true);
    await expect(response.text()).rejects.toThrow(TypeError);
    const read = sample();
    await read.text();
    expect(read.body).not.toBeNull();
    expect(read.bodyUsed).toBe(true);
  });

  it('has a null body and empty text when built without one', async () => {
    const response = new LightResponse(null, 204);
    expect(response.body).toBeNull();
    expect(await response.text()).toBe('');
    expect(response.bodyUsed).toBe(false);
    await expect(new LightResponse(null).json()).rejects.toThrow(SyntaxError);
  });

  it('clones into an independent response with its own headers', async () => {
    const response = sample();
    const copy = response.clone();
    expect(copy).toBeInstanceOf(LightResponse);
    copy.headers.set('x-copy', '1');
    expect(response.headers.get('x-copy')).toBeNull();
    expect(await copy.text()).toBe(await response.text());
  });

  it('has mutable headers, kept when it turns real', async () => {
    const response = sample();
    response.headers.set('x-added', 'yes');
    expect(response.headers.get('content-type')).toBe('application/json');
    const copy = new Response(response.body, response);
    expect([copy.status, copy.headers.get('x-added'), await copy.text()]).toEqual([201, 'yes', '{"a":"é"}']);
  });

  it('keeps name/value pairs as given until its headers are read, checked and normalized as Headers would', async () => {
    const response = new LightResponse('x', 200, [
      ['X-One', ' 1 '],
      ['set-cookie', 'a=1'],
      ['set-cookie', 'b=2'],
    ]);
    expect(response.headers.get('x-one')).toBe('1');
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    response.headers.set('x-two', '2');
    const copy = new Response(response.body, response);
    expect([copy.headers.get('x-two'), await copy.text()]).toEqual(['2', 'x']);
    const clone = new LightResponse('y', 200, [['x-three', '3']]).clone();
    expect([clone.headers.get('x-three'), await clone.text()]).toEqual(['3', 'y']);
    expect(() => new LightResponse('x', 200, [['x-bad', 'a\r\nb']])).toThrow(TypeError);
    expect(() => new LightResponse('x', 200, [['x-short'] as unknown as [string, string]])).toThrow(TypeError);
  });

  it('forwards what it does not serve itself (formData) to a real Response', async () => {
    const form = await new LightResponse('a=1&b=2', 200, 'application/x-www-form-urlencoded').formData();
    expect([form.get('a'), form.get('b')]).toEqual(['1', '2']);
  });

  it('refuses what new Response refuses', () => {
    expect(() => new LightResponse('x', 204)).toThrow(TypeError);
    expect(() => new LightResponse(null, 99)).toThrow(RangeError);
    expect(() => new LightResponse('x', 200, [['bad name', 'v']])).toThrow(TypeError);
  });
});

describe('makeResponse: light only where the env lends the factory', () => {
  const app = new Fw().get('/', () => ({ hello: 'world' })).get('/text', () => 'hi');

  it('answers with real Responses from app.fetch, light ones where the env lends the factory', async () => {
    await app.ready();
    const real = app.fetch(new Request('http://localhost/'));
    expect(real).toBeInstanceOf(Response);
    expect(real).not.toBeInstanceOf(LightResponse);
    expect(await (real as Response).json()).toEqual({ hello: 'world' });
    const opted = app.fetch(new Request('http://localhost/'), optIn);
    expect(opted).toBeInstanceOf(LightResponse);
    expect(await (opted as Response).json()).toEqual({ hello: 'world' });
    expect(await (app.fetch(new Request('http://localhost/text'), optIn) as Response).text()).toBe('hi');
  });

  it('hands undici a light response wherever it takes a Response', async () => {
    const answer = app.fetch(new Request('http://localhost/'), optIn) as Response;
    expect(answer).toBeInstanceOf(LightResponse);
    const copy = new Response(answer.body, answer);
    expect([copy.status, copy.headers.get('content-type'), await copy.json()]).toEqual([
      200,
      'application/json; charset=utf-8',
      { hello: 'world' },
    ]);
    const cloned = (app.fetch(new Request('http://localhost/text'), optIn) as Response).clone();
    expect(await cloned.text()).toBe('hi');
  });

  it('keeps bytes and streams as real Responses even when opted in', () => {
    const ctx = new app.ContextClass(app, new Request('http://localhost/'), '/', optIn);
    expect(makeResponse(ctx, new Uint8Array([1]), 200, null)).not.toBeInstanceOf(LightResponse);
    expect(makeResponse(ctx, 'x', 200, null)).toBeInstanceOf(LightResponse);
  });
});

describe('light responses on a real fw/node server', () => {
  let server: NodeServer;

  beforeAll(async () => {
    const app = new Fw()
      .use('/upper', async (_ctx, next) => {
        const response = await next();
        return new Response((await response.text()).toUpperCase(), response);
      })
      .use('/tagged', async (_ctx, next) => {
        const response = await next();
        response.headers.set('x-served-by', 'fw');
        return response;
      })
      .use('/peek', async (ctx, next) => {
        const response = await next();
        ctx.state.peeked = await response.clone().text();
        return response;
      })
      .use('/twice', async (_ctx, next) => {
        const response = await next();
        await response.text();
        return response;
      })
      .get('/', () => ({ hello: 'wörld' }))
      .get('/upper', () => 'shout')
      .get('/tagged', () => ({ tagged: true }))
      .get('/peek', () => ({ peek: 1 }))
      .get('/twice', () => 'read already')
      .get('/cookies', (ctx) => {
        ctx.setCookie('a', '1');
        ctx.setCookie('b', '2', { httpOnly: true });
        return 'ok';
      })
      .get('/created', (ctx) => ctx.status(201).setHeader('x-one', '1') && { made: true })
      .get('/go', (ctx) => ctx.redirect('/there'))
      .get('/bad-header', (ctx) => ctx.setHeader('x-bad', 'a\r\nx-injected: 1') && 'never sent')
      .get('/tagged-text', (ctx) => ctx.setHeader('x-tag', ' t ') && 'text')
      .post('/echo', async (ctx) => ctx.text(await ctx.bodyText(), 202));
    server = await serve(app, { port: 0, hostname: '127.0.0.1' });
  });

  afterAll(() => server.stop());

  it('writes headers set on the context from their pairs, trimmed, with the length', async () => {
    const raw = await rawExchange(server.port, ['GET /tagged-text HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n']);
    expect(raw).toMatch(/^HTTP\/1\.1 200/);
    expect(raw).toContain('\r\nx-tag: t\r\n');
    expect(raw).toContain('\r\ncontent-length: 4\r\n');
    expect(raw.endsWith('\r\n\r\ntext')).toBe(true);
  });

  it('answers a header value with a line break with a 500 error body, never a split header', async () => {
    const raw = await rawExchange(server.port, ['GET /bad-header HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n']);
    expect(raw).toMatch(/^HTTP\/1\.1 500/);
    expect(raw).not.toContain('x-injected');
    expect(raw).toContain('INTERNAL_ERROR');
  });

  it('writes a JSON body with its byte length', async () => {
    const res = await fetch(`${server.url}/`);
    expect([res.status, res.headers.get('content-type'), res.headers.get('content-length')]).toEqual([
      200,
      'application/json; charset=utf-8',
      '18',
    ]);
    expect(await res.json()).toEqual({ hello: 'wörld' });
  });

  it('lets middleware read the body and answer with another one', async () => {
    const res = await fetch(`${server.url}/upper`);
    expect([res.status, await res.text()]).toEqual([200, 'SHOUT']);
  });

  it('lets middleware change headers of a light response', async () => {
    const res = await fetch(`${server.url}/tagged`);
    expect([res.headers.get('x-served-by'), res.headers.get('content-type')]).toEqual(['fw', 'application/json; charset=utf-8']);
    expect(await res.json()).toEqual({ tagged: true });
  });

  it('sends the body after middleware read a clone', async () => {
    const res = await fetch(`${server.url}/peek`);
    expect(await res.json()).toEqual({ peek: 1 });
  });

  it('fails like a Response when middleware returns a body it already read', async () => {
    const res = await fetch(`${server.url}/twice`);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: 'Internal Server Error', code: 'INTERNAL_ERROR' });
  });

  it('keeps every Set-Cookie its own header line', async () => {
    const raw = await rawExchange(server.port, ['GET /cookies HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n']);
    expect(raw.match(/^set-cookie: .*$/gim)).toEqual(['set-cookie: a=1; Path=/', 'set-cookie: b=2; Path=/; HttpOnly']);
    expect(raw).toMatch(/content-length: 2\r\n/i);
    expect(raw.endsWith('\r\n\r\nok')).toBe(true);
  });

  it('answers HEAD with the GET headers and no body', async () => {
    const raw = await rawExchange(server.port, ['HEAD / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n']);
    expect(raw).toMatch(/^HTTP\/1.1 200 OK\r\n/);
    expect(raw).toMatch(/content-type: application\/json; charset=utf-8\r\n/i);
    expect(raw.endsWith('\r\n\r\n')).toBe(true);
  });

  it('applies status and headers set on the context, and helpers', async () => {
    const created = await fetch(`${server.url}/created`);
    expect([created.status, created.headers.get('x-one'), await created.json()]).toEqual([201, '1', { made: true }]);
    const go = await fetch(`${server.url}/go`, { redirect: 'manual' });
    expect([go.status, go.headers.get('location')]).toEqual([302, '/there']);
    const echo = await fetch(`${server.url}/echo`, { method: 'POST', body: 'héllo' });
    expect([echo.status, echo.headers.get('content-type'), echo.headers.get('content-length'), await echo.text()]).toEqual([
      202,
      'text/plain;charset=UTF-8',
      '6',
      'héllo',
    ]);
  });

  it('answers errors, 405 and OPTIONS from the core as light responses', async () => {
    const missing = await fetch(`${server.url}/nowhere`);
    expect([missing.status, Number(missing.headers.get('content-length')) > 0]).toEqual([404, true]);
    expect(await missing.json()).toEqual({ error: 'Route GET /nowhere not found', code: 'NOT_FOUND' });
    const wrong = await fetch(`${server.url}/echo`);
    expect([wrong.status, wrong.headers.get('allow')]).toEqual([405, 'POST, OPTIONS']);
    const options = await fetch(`${server.url}/echo`, { method: 'OPTIONS' });
    expect([options.status, options.headers.get('allow'), await options.text()]).toEqual([204, 'POST, OPTIONS', '']);
  });
});
