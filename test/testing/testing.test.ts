import { describe, expect, it } from 'vitest';
import {
  Fw,
  NotFoundError,
  TestAssertionError,
  assertHeader,
  assertJSON,
  assertStatus,
  findSubsetMismatch,
  mockContext,
  testClient,
  type Context,
} from 'fw';

function sampleApp(): Fw {
  const app = new Fw();
  app.decorate('greet', function (this: Context, name: string) {
    return `hi ${name} from ${this.path}`;
  });
  app.get('/items/:id', (ctx) => {
    if (ctx.params.id === '0') throw new NotFoundError('No item 0');
    return { id: Number(ctx.params.id), tags: ctx.queries('tag'), requestId: ctx.header('x-request-id') };
  });
  app.post(
    '/items',
    async (ctx) =>
      ctx
        .status(201)
        .setHeader('location', '/items/9')
        .jsonResponse({ id: 9, ...(await ctx.body<object>()) }),
    {
      schema: { body: { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1 } } } },
    },
  );
  app.post('/form', async (ctx) => Object.fromEntries(await ctx.formData()));
  app.post('/login', (ctx) => {
    ctx.setCookie('sid', 'abc123', { httpOnly: true });
    return { ok: true };
  });
  app.get('/me', (ctx) => ({ sid: ctx.cookie('sid') }));
  app.post('/logout', (ctx) => {
    ctx.deleteCookie('sid');
    return { ok: true };
  });
  app.get('/env', (ctx) => ({ env: ctx.env }));
  return app;
}

describe('testClient', () => {
  it('builds requests over app.fetch and chains expectations', async () => {
    const client = testClient(sampleApp(), { headers: { 'x-request-id': 'r-1' } });
    const res = await client
      .get('/items/7')
      .query({ tag: ['a', 'b'] })
      .expectStatus(200)
      .expectHeader('content-type', /json/)
      .expectJSON({ id: 7, tags: ['a', 'b'] });
    expect(res.json()).toEqual({ id: 7, tags: ['a', 'b'], requestId: 'r-1' });
    const created = await client.post('/items').json({ name: 'pen' }).expectStatus(201).expectHeader('location', '/items/9');
    expect(created.json()).toEqual({ id: 9, name: 'pen' });
    const form = await client.post('/form').form({ a: '1', b: 'two' });
    expect(form.json()).toEqual({ a: '1', b: 'two' });
  });

  it('passes env to the app', async () => {
    const res = await testClient(sampleApp(), { env: { REGION: 'eu' } }).get('/env');
    expect(res.json()).toEqual({ env: { REGION: 'eu' } });
  });

  it('keeps cookies between requests like a browser, and drops deleted ones', async () => {
    const client = testClient(sampleApp());
    await client.post('/login').expectStatus(200);
    expect(client.jar?.get('sid')).toBe('abc123');
    await client.get('/me').expectJSON({ sid: 'abc123' });
    await client.post('/logout');
    await client.get('/me').expectJSON({ sid: null });
    const noJar = testClient(sampleApp(), { cookies: false });
    await noJar.post('/login');
    await noJar.get('/me').expectJSON({ sid: null });
  });

  it('fails the await with a clear message when an expectation does not hold', async () => {
    const client = testClient(sampleApp());
    await expect(client.get('/items/0').expectStatus(200)).rejects.toThrow('Expected status 200, got 404');
    await expect(client.get('/items/1').expectHeader('location')).rejects.toThrow(
      'Expected a "location" header, but the response has none',
    );
    await expect(client.get('/items/1').expectJSON({ id: 2 })).rejects.toThrow('JSON body at $.id: expected 2, got 1');
    await expect(client.post('/items').json({ name: '' }).expectStatus(201)).rejects.toBeInstanceOf(TestAssertionError);
    await expect(client.get('/items').json({ a: 1 })).rejects.toThrow('a GET request cannot have a body');
    const invalid = await client.post('/items').json({ name: '' }).expectStatus(400);
    expect(invalid.json()).toMatchObject({ code: expect.any(String) });
  });

  it('sends a request once even when awaited twice', async () => {
    let calls = 0;
    const app = new Fw().get('/count', () => ({ calls: ++calls }));
    const request = testClient(app).get('/count');
    expect((await request).json()).toEqual({ calls: 1 });
    expect((await request).json()).toEqual({ calls: 1 });
    expect(calls).toBe(1);
  });
});

describe('assertion helpers', () => {
  it('check status, header and JSON subset on plain Responses', async () => {
    const response = new Response(JSON.stringify({ user: { id: 1, name: 'Ada', roles: ['admin'] }, total: 1 }), {
      status: 201,
      headers: { 'content-type': 'application/json', etag: '"v1"' },
    });
    assertStatus(response, [200, 201]);
    assertHeader(response, 'etag', '"v1"');
    assertHeader(response, 'etag');
    assertHeader(response, 'x-missing', null);
    expect(await assertJSON(response, { user: { name: /^A/, roles: ['admin'] } })).toMatchObject({ total: 1 });
    expect(() => assertStatus(response, 200)).toThrow('Expected status 200, got 201');
    expect(() => assertHeader(response, 'etag', '"v2"')).toThrow('Expected header "etag" to be ""v2"", got ""v1""');
    expect(() => assertHeader(response, 'etag', /v2/)).toThrow('to match /v2/');
    expect(() => assertHeader(response, 'etag', null)).toThrow('Expected no "etag" header');
    await expect(assertJSON(response, { user: { email: 'x' } })).rejects.toThrow('JSON body at $.user.email: missing (expected "x")');
    await expect(assertJSON(new Response('<html>'), {})).rejects.toThrow('Expected a JSON body, got: <html>');
  });

  it('findSubsetMismatch compares objects by subset, arrays by length and items', () => {
    expect(findSubsetMismatch({ a: 1, b: 2 }, { a: 1 })).toBeNull();
    expect(findSubsetMismatch([1, 2], [1])).toEqual({ path: '$', message: 'expected 1 items, got 2' });
    expect(findSubsetMismatch({ a: [{ b: 1, c: 2 }] }, { a: [{ b: 1 }] })).toBeNull();
    expect(findSubsetMismatch({ a: [{ b: 1 }] }, { a: [{ b: 2 }] })).toEqual({ path: '$.a[0].b', message: 'expected 2, got 1' });
    expect(findSubsetMismatch('x', { a: 1 })).toEqual({ path: '$', message: 'expected an object, got "x"' });
    expect(findSubsetMismatch(null, null)).toBeNull();
    expect(findSubsetMismatch(Number.NaN, Number.NaN)).toBeNull();
  });
});

describe('mockContext', () => {
  it('builds a context a handler can use directly', async () => {
    const ctx = mockContext({
      method: 'post',
      path: '/items/5?x=1',
      query: { y: 2, tag: ['a', 'b'] },
      headers: { 'x-api-key': 'k' },
      body: { name: 'pen' },
      params: { id: '5' },
      state: { user: 'ada' },
      env: { DB: 'db' },
    });
    expect(ctx.method).toBe('POST');
    expect(ctx.path).toBe('/items/5');
    expect(ctx.query).toEqual({ x: '1', y: '2', tag: 'b' });
    expect(ctx.queries('tag')).toEqual(['a', 'b']);
    expect(ctx.params).toEqual({ id: '5' });
    expect(ctx.header('x-api-key')).toBe('k');
    expect(ctx.header('content-type')).toBe('application/json');
    expect(await ctx.body()).toEqual({ name: 'pen' });
    expect(ctx.state.user).toBe('ada');
    expect(ctx.env).toEqual({ DB: 'db' });
    const response = ctx.status(201).jsonResponse({ ok: true });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ ok: true });
  });

  it('uses the app Context class (decorations, shared state) and records waitUntil', async () => {
    const app = sampleApp().setState('region', 'eu');
    const ctx = mockContext({ app, path: '/hello' });
    expect((ctx as unknown as { greet(n: string): string }).greet('ada')).toBe('hi ada from /hello');
    expect(ctx.state.region).toBe('eu');
    const work = Promise.resolve(42);
    ctx.waitUntil(work);
    expect(ctx.waitedFor).toEqual([work]);
  });

  it('keeps string and byte bodies as given, and refuses a GET body', async () => {
    expect(await mockContext({ method: 'PUT', body: 'plain', headers: { 'content-type': 'text/plain' } }).bodyText()).toBe('plain');
    expect(new Uint8Array(await mockContext({ method: 'PUT', body: new Uint8Array([1, 2]) }).bodyBytes())).toEqual(new Uint8Array([1, 2]));
    expect(() => mockContext({ body: { a: 1 } })).toThrow('a GET request cannot have a body');
  });
});
