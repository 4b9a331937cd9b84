/**
 * The route option `status`: the status a route answers with, as if its handler began with `ctx.status(status)`,
 * checked when the route is registered on `fw`'s `Fw`.
 */
import { describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { Fw as CoreFw } from 'fw/core';

const post = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('route option status', () => {
  it('answers a returned object, string or constant with it', async () => {
    const app = new CoreFw();
    app.post('/users', async (ctx) => ({ id: 1, ...(await ctx.body<object>()) }), { status: 201 });
    app.post('/text', () => 'made', { status: 202 });
    app.put('/constant', { ok: true }, { status: 202 });
    const res = await app.request('/users', post({ name: 'ada' }));
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ id: 1, name: 'ada' });
    const text = await app.request('/text', { method: 'POST' });
    expect([text.status, await text.text()]).toEqual([202, 'made']);
    const constant = await app.request('/constant', { method: 'PUT' });
    expect([constant.status, await constant.json()]).toEqual([202, { ok: true }]);
  });

  it('answers nothing with an empty body of that status (204 for status: 204)', async () => {
    const app = new CoreFw();
    app.delete('/items/:id', () => undefined, { status: 204 });
    app.post('/accepted', () => null, { status: 202 });
    const gone = await app.request('/items/1', { method: 'DELETE' });
    expect([gone.status, await gone.text()]).toEqual([204, '']);
    const accepted = await app.request('/accepted', { method: 'POST' });
    expect([accepted.status, await accepted.text()]).toEqual([202, '']);
  });

  it('gives way to ctx.status() in the handler, to thrown errors and to before hooks that answer', async () => {
    const app = new CoreFw();
    app.post(
      '/maybe',
      (ctx) => {
        if (ctx.query.exists === undefined) return { created: true };
        ctx.status(200);
        return { existing: true };
      },
      { status: 201 },
    );
    app.post(
      '/fails',
      () => {
        throw new Error('boom');
      },
      { status: 201 },
    );
    app.post('/guarded', () => 'never', { status: 201, beforeHandle: (ctx) => ctx.text('denied', 403) });
    expect((await app.request('/maybe', { method: 'POST' })).status).toBe(201);
    expect((await app.request('/maybe?exists=1', { method: 'POST' })).status).toBe(200);
    expect((await app.request('/fails', { method: 'POST' })).status).toBe(500);
    expect((await app.request('/guarded', { method: 'POST' })).status).toBe(403);
  });

  it('applies to helper responses built without a status, as ctx.status() does', async () => {
    const app = new CoreFw();
    app.post('/helper', (ctx) => ctx.jsonResponse({ id: 2 }), { status: 201 });
    app.post('/inline', (ctx) => ctx.jsonResponse({ id: 3 }, 202), { status: 201 });
    expect((await app.request('/helper', { method: 'POST' })).status).toBe(201);
    expect((await app.request('/inline', { method: 'POST' })).status).toBe(202);
  });

  it("serializes with the response schema of that status (fw's compiler)", async () => {
    const app = new Fw();
    const response = {
      201: { type: 'object', properties: { id: { type: 'integer' } }, additionalProperties: false },
      200: { type: 'object', properties: { other: { type: 'string' } } },
    } as const;
    app.post('/users', () => ({ id: 7, secret: 'dropped by the 201 schema' }), { status: 201, schema: { response } });
    const res = await app.request('/users', { method: 'POST' });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ id: 7 });
    expect(app.getRoutes()[0].options?.status).toBe(201);
  });

  it("is refused at registration by fw's Fw unless it is an integer from 200 to 599", () => {
    for (const bad of [99, 199, 600, 201.5, Number.NaN, '201', null]) {
      const app = new Fw();
      expect(() => app.post('/users', () => ({}), { status: bad as number }), String(bad)).toThrow(
        /Route POST \/users: status must be an integer from 200 to 599, got /,
      );
      expect(() => app.group('/v1', (g) => g.put('/users', () => ({}), { status: bad as number })), String(bad)).toThrow(
        /Route PUT \/v1\/users: status must be/,
      );
    }
    for (const good of [200, 201, 204, 302, 418, 599]) expect(() => new Fw().get('/', () => '', { status: good })).not.toThrow();
  });

  it('fails as a 500 on a kernel app (fw/core) when the Response cannot take it', async () => {
    const app = new CoreFw({ logErrors: false });
    app.get('/bad', () => ({}), { status: 600 });
    expect((await app.request('/bad')).status).toBe(500);
  });
});
