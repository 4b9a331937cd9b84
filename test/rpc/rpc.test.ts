import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { Fw, RPCActionError, createRPCClient, generateSpec, rpc, serverAction, type Context } from 'fw';
import { serve, type NodeServer } from 'fw/node';

const users = new Map<number, { id: number; name: string }>();

const actions = {
  add: serverAction(
    { type: 'object', required: ['a', 'b'], additionalProperties: false, properties: { a: { type: 'number' }, b: { type: 'number' } } },
    (input: { a: number; b: number }) => input.a + input.b,
  ),
  createUser: serverAction(
    { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1, maxLength: 40 } } },
    async (input: { name: string }, ctx: Context) => {
      if ([...users.values()].some((u) => u.name === input.name)) {
        throw new RPCActionError(`User ${input.name} exists`, { status: 409, code: 'USER_EXISTS', details: { name: input.name } });
      }
      const user = { id: users.size + 1, name: input.name };
      users.set(user.id, user);
      return { ...user, by: ctx.header('x-caller') };
    },
  ),
  ping: serverAction(undefined, () => 'pong'),
  nothing: serverAction(undefined, () => undefined),
  crash: serverAction(undefined, () => {
    throw new Error('secret internals');
  }),
};

function buildApp(): Fw {
  const app = new Fw();
  rpc(app, actions);
  rpc(app, { hiddenPing: actions.ping }, { prefix: '/internal/', hidden: true });
  return app;
}

describe('rpc over a real server', () => {
  let server: NodeServer;
  beforeAll(async () => {
    users.clear();
    server = await serve(buildApp(), { port: 0, hostname: '127.0.0.1' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('calls actions with typed inputs and results', async () => {
    const api = createRPCClient<typeof actions>(server.url, { headers: () => ({ 'x-caller': 'test' }) });
    expectTypeOf(api.add).parameter(0).toEqualTypeOf<{ a: number; b: number }>();
    expectTypeOf(api.add).returns.resolves.toEqualTypeOf<number>();
    expect(await api.add({ a: 2, b: 3 })).toBe(5);
    expect(await api.createUser({ name: 'Ada' })).toEqual({ id: 1, name: 'Ada', by: 'test' });
    expect(await api.ping()).toBe('pong');
    expect(await api.nothing()).toBeNull();
  });

  it('carries RPCActionError status, code and details to the client', async () => {
    const api = createRPCClient<typeof actions>(server.url);
    const error = await api.createUser({ name: 'Ada' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RPCActionError);
    expect(error).toMatchObject({ status: 409, code: 'USER_EXISTS', details: { name: 'Ada' }, message: 'User Ada exists' });
  });

  it('refuses invalid input with a 400 before the handler runs', async () => {
    const api = createRPCClient<typeof actions>(server.url);
    const bad = (await api.add({ a: 1, b: 'two' } as never).catch((e: unknown) => e)) as RPCActionError;
    expect(bad).toBeInstanceOf(RPCActionError);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.details)).toContain('/b');
    const missing = (await (api.add as (input?: unknown) => Promise<number>)().catch((e: unknown) => e)) as RPCActionError;
    expect(missing.status).toBe(400);
    const raw = await fetch(`${server.url}/rpc/add`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1,' });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toMatchObject({ code: expect.any(String) });
  });

  it('answers unknown actions with 404, other methods with 405, and hides crash details', async () => {
    const api = createRPCClient<Record<string, never>>(server.url) as unknown as Record<string, () => Promise<unknown>>;
    await expect(api.missing()).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
    const get = await fetch(`${server.url}/rpc/add`);
    expect(get.status).toBe(405);
    const crash = (await createRPCClient<typeof actions>(server.url)
      .crash()
      .catch((e: unknown) => e)) as RPCActionError;
    expect(crash.status).toBe(500);
    expect(crash.code).toBe('INTERNAL_ERROR');
    expect(crash.message).not.toContain('secret');
  });

  it('reports a non-JSON answer as BAD_RESPONSE', async () => {
    const app = new Fw();
    rpc(app, { html: serverAction(undefined, () => new Response('<p>hi</p>', { headers: { 'content-type': 'text/html' } })) });
    const api = createRPCClient<{ html: ReturnType<typeof serverAction<undefined, string>> }>('http://app.local', {
      fetch: (r) => app.fetch(r),
    });
    await expect(api.html()).rejects.toMatchObject({ status: 502, code: 'BAD_RESPONSE', details: '<p>hi</p>' });
  });
});

describe('rpc in process', () => {
  it('works through app.fetch with a custom prefix and a base path', async () => {
    const app = new Fw();
    rpc(app, { add: actions.add }, { prefix: '/api/actions' });
    const api = createRPCClient<{ add: typeof actions.add }>('http://app.local/', { prefix: '/api/actions', fetch: (r) => app.fetch(r) });
    expect(await api.add({ a: 1, b: 1 })).toBe(2);
    const nested = new Fw();
    rpc(nested, { add: actions.add }, { prefix: '/v1/rpc' });
    const viaBase = createRPCClient<{ add: typeof actions.add }>('http://app.local/v1', { fetch: (r) => nested.fetch(r) });
    expect(await viaBase.add({ a: 2, b: 2 })).toBe(4);
  });

  it('documents the endpoints in OpenAPI unless hidden', () => {
    const doc = generateSpec(buildApp());
    expect(doc.paths['/rpc/add'].post).toMatchObject({ operationId: 'rpc_add', tags: ['rpc'], requestBody: { required: true } });
    expect(doc.paths['/internal/hiddenPing']).toBeUndefined();
  });

  it('rejects bad declarations with a message', () => {
    expect(() => serverAction('nope' as never, () => 1)).toThrow('schema must be a JSON Schema object');
    expect(() => serverAction(undefined, 'nope' as never)).toThrow('handler must be a function');
    expect(() => rpc(new Fw(), { 'bad name': actions.ping })).toThrow('must be an identifier');
    expect(() => rpc(new Fw(), { plain: (() => 1) as never })).toThrow('is not a serverAction');
    expect(() => rpc(new Fw(), actions, { prefix: 'rpc' })).toThrow('"prefix" must start with "/"');
    expect(() => new RPCActionError('x', { status: 200 })).toThrow('status must be an error status');
  });
});
