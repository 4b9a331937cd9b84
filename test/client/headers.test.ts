import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { Fw } from 'fw';
import { type CallInput, createClient, type EntryOf } from 'fw/client';
import { testClient } from 'fw/testing';

const headers = {
  type: 'object',
  properties: { 'x-api-key': { type: 'string' }, 'x-mode': { enum: ['fast', 'slow'] }, 'x-count': { type: 'integer' } },
  required: ['x-api-key'],
} as const;

function makeApp() {
  return new Fw()
    .get('/k', (ctx) => ({ key: ctx.headers.get('x-api-key'), mode: ctx.headers.get('x-mode'), auth: ctx.header('authorization') }), {
      schema: { headers },
    })
    .post('/z', (ctx) => ({ tenant: ctx.headers.get('x-tenant'), trace: ctx.headers.get('x-trace') }), {
      schema: { headers: z.object({ 'x-tenant': z.string(), 'x-trace': z.enum(['on', 'off']).optional() }) },
    })
    .get('/optional', (ctx) => ({ mode: ctx.headers.get('x-mode') }), {
      schema: { headers: { type: 'object', properties: { 'x-mode': { enum: ['fast', 'slow'] } } } as const },
    })
    .get('/plain', (ctx) => ({ a: ctx.header('x-a') }));
}
type App = ReturnType<typeof makeApp>;

describe('client headers from schema.headers: types', () => {
  it('types the required, optional and other headers of a call from the route’s schema', () => {
    type KeyHeaders = NonNullable<CallInput<EntryOf<App, 'GET', '/k'>>['headers']>;
    expectTypeOf<KeyHeaders['x-api-key']>().toEqualTypeOf<string>();
    expectTypeOf<KeyHeaders['x-mode']>().toEqualTypeOf<'fast' | 'slow' | undefined>();
    expectTypeOf<KeyHeaders['x-count']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<{ 'x-api-key': 'k'; authorization: 'Bearer t' }>().toMatchTypeOf<KeyHeaders>();
    type TenantHeaders = NonNullable<CallInput<EntryOf<App, 'POST', '/z'>>['headers']>;
    expectTypeOf<TenantHeaders['x-tenant']>().toEqualTypeOf<string>();
    expectTypeOf<TenantHeaders['x-trace']>().toEqualTypeOf<'on' | 'off' | undefined>();
    expectTypeOf<CallInput<EntryOf<App, 'GET', '/plain'>>['headers']>().toEqualTypeOf<HeadersInit | undefined>();
  });

  it('refuses a call without a required header or with a value outside the enum', () => {
    const client = createClient<App>('http://example.com');
    const api = testClient(makeApp()).api;
    // Type-checked only, never called (no request leaves the test).
    const refused = () => [
      // @ts-expect-error x-api-key is required, so the call needs headers
      client.get('/k'),
      // @ts-expect-error x-api-key is required
      client.get('/k', { headers: { authorization: 'Bearer t' } }),
      // @ts-expect-error x-mode is 'fast' or 'slow'
      client.get('/k', { headers: { 'x-api-key': 'k', 'x-mode': 'medium' } }),
      // @ts-expect-error header values are text
      client.get('/k', { headers: { 'x-api-key': 'k', 'x-count': 3 } }),
      // @ts-expect-error a Headers object cannot show the required header is there
      client.get('/k', { headers: new Headers({ 'x-api-key': 'k' }) }),
      // @ts-expect-error x-tenant is required by the zod schema
      client.post('/z', { headers: {} }),
      // @ts-expect-error x-trace is 'on' or 'off'
      api.post('/z', { headers: { 'x-tenant': 't', 'x-trace': 'maybe' } }),
      // @ts-expect-error x-mode is 'fast' or 'slow', even when optional
      api.get('/optional', { headers: { 'x-mode': 'medium' } }),
      // @ts-expect-error the test client's api requires x-api-key too
      api.get('/k'),
    ];
    const accepted = () => [
      client.get('/k', { headers: { 'x-api-key': 'k' } }),
      client.get('/k', { headers: { 'x-api-key': 'k', 'x-mode': 'slow', 'x-count': '3', authorization: 'Bearer t' } }),
      client.post('/z', { headers: { 'x-tenant': 't', 'x-trace': 'on' } }),
      client.get('/optional'),
      client.get('/plain', { headers: new Headers({ 'x-a': '1' }) }),
      client.get('/plain', { headers: [['x-a', '1']] }),
    ];
    expect([typeof refused, typeof accepted]).toEqual(['function', 'function']);
  });
});

describe('client headers from schema.headers: calls', () => {
  it('sends the headers as given, the typed ones and any other', async () => {
    const client = createClient<App>(makeApp(), { headers: { authorization: 'Bearer shared' } });
    const key = await client.get('/k', { headers: { 'x-api-key': 'k', 'x-mode': 'fast' } });
    expect(key.data).toEqual({ key: 'k', mode: 'fast', auth: 'Bearer shared' });
    const own = await client.get('/k', { headers: { 'x-api-key': 'k', authorization: 'Bearer own' } });
    expect(own.data).toEqual({ key: 'k', mode: null, auth: 'Bearer own' });
    const tenant = await testClient(makeApp()).api.post('/z', { headers: { 'x-tenant': 't', 'x-trace': 'off' } });
    expectTypeOf(tenant.data).toEqualTypeOf<{ tenant: string; trace: 'on' | 'off' | null } | undefined>();
    expect(tenant.data).toEqual({ tenant: 't', trace: 'off' });
  });

  it('gets the server’s 400 naming the header when a call bypasses the types', async () => {
    const client = createClient<App>(makeApp());
    // @ts-expect-error x-mode is 'fast' or 'slow': the server refuses the value
    const bad = await client.get('/k', { headers: { 'x-api-key': 'k', 'x-mode': 'medium' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.error)).toContain('x-mode');
    // @ts-expect-error x-api-key is required: the server refuses the call without it
    const missing = await client.get('/k', { headers: {} });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.error)).toContain('x-api-key');
  });
});
