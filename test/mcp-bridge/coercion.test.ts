/**
 * Route tools take the primitive forms a route would take (issue #18): 2 for a text path parameter (what the
 * inspector's `--tool-arg id=2` sends), "2" for an integer, "true" for a boolean, in path, query and body;
 * anything that does not convert is a tool error naming the field (SEP-1303, as the server's own schema check
 * answers), and the route is not called. Raw JSON-RPC and the inspector CLI.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import type { NodeServer } from 'fw/node';
import { createMCPPlugin, mcp } from 'fw-mcp';
import { inspector, listen, post } from '../mcp/helpers';

function shopApp(): Fw {
  const app = new Fw();
  app.get('/users/:id', (ctx) => ({ id: ctx.params.id, kind: typeof ctx.params.id }));
  app.get('/items/:n', (ctx) => ({ n: ctx.params.n, kind: typeof ctx.params.n }), {
    schema: { params: { type: 'object', properties: { n: { type: 'integer', minimum: 1 } } } },
  });
  app.get('/search', (ctx) => ({ query: ctx.query }), {
    schema: {
      query: {
        type: 'object',
        properties: {
          q: { type: 'string' },
          limit: { type: 'integer' },
          exact: { type: 'boolean' },
          tags: { type: 'array', items: { type: 'integer' } },
        },
      },
    },
  });
  app.get('/colors/:color', (ctx) => ({ color: ctx.params.color }), {
    schema: { params: { type: 'object', properties: { color: { type: 'string', enum: ['red', 'blue'] } } } },
  });
  app.get('/codes/:code', (ctx) => ({ code: ctx.params.code }), {
    schema: { params: { type: 'object', properties: { code: { type: 'string', enum: ['1', '2', 'x'] } } } },
  });
  app.post('/orders', async (ctx) => ({ received: await ctx.body() }), {
    schema: {
      body: {
        type: 'object',
        required: ['qty'],
        properties: {
          qty: { type: 'integer' },
          note: { type: 'string' },
          gift: { type: 'boolean' },
          lines: { type: 'array', items: { type: 'object', properties: { sku: { type: 'string' } } } },
        },
      },
    },
  });
  app.use(createMCPPlugin(mcp(app, { allowMutation: true })));
  return app;
}

let id = 0;
async function call(app: Fw, name: string, args: unknown) {
  const { json } = await post(
    app,
    { jsonrpc: '2.0', id: ++id, method: 'tools/call', params: { name, arguments: args } },
    { 'mcp-protocol-version': '2025-06-18' },
  );
  return json as {
    result?: { structuredContent?: Record<string, unknown>; isError?: boolean; content: Array<{ text: string }> };
    error?: { code: number; message: string };
  };
}

/** The text of a refused call: a tool error result (not a protocol error), and nothing the route answered. */
function refusal(answer: Awaited<ReturnType<typeof call>>): string {
  expect(answer.error).toBeUndefined();
  expect(answer.result?.isError).toBe(true);
  expect(answer.result?.structuredContent).toBeUndefined();
  return answer.result!.content.map((c) => c.text).join('\n');
}

describe('route tool arguments over raw JSON-RPC', () => {
  const app = shopApp();

  it('sends a number or boolean for a text path parameter as its text', async () => {
    expect((await call(app, 'get_users_by_id', { id: 2 })).result?.structuredContent).toEqual({ id: '2', kind: 'string' });
    expect((await call(app, 'get_users_by_id', { id: true })).result?.structuredContent).toEqual({ id: 'true', kind: 'string' });
    expect((await call(app, 'get_users_by_id', { id: 'ada' })).result?.structuredContent).toEqual({ id: 'ada', kind: 'string' });
  });

  it('turns "2" into 2 for an integer parameter, and refuses what does not convert with a tool error naming it', async () => {
    expect((await call(app, 'get_items_by_n', { n: '2' })).result?.structuredContent).toEqual({ n: 2, kind: 'number' });
    expect((await call(app, 'get_items_by_n', { n: 2 })).result?.structuredContent).toEqual({ n: 2, kind: 'number' });
    for (const [n, words] of [
      ['abc', 'integer'],
      [2.5, 'integer'],
      ['0', '1'],
      [{}, 'integer'],
      [[2], 'integer'],
    ] as const) {
      const text = refusal(await call(app, 'get_items_by_n', { n }));
      expect(text, JSON.stringify(n)).toContain('Invalid arguments for tool "get_items_by_n"');
      expect(text).toContain('/n');
      expect(text).toContain(words);
    }
    expect(refusal(await call(app, 'get_users_by_id', { id: { nested: 1 } }))).toContain('/id');
    expect(refusal(await call(app, 'get_users_by_id', {}))).toContain('id');
  });

  it('converts query fields to their declared types', async () => {
    const answer = await call(app, 'get_search', { q: 7, limit: '5', exact: 'true', tags: ['1', 2] });
    expect(answer.result?.structuredContent).toEqual({ query: { q: '7', limit: 5, exact: true, tags: [1, 2] } });
    expect(refusal(await call(app, 'get_search', { exact: 'maybe' }))).toContain('/exact');
    expect(refusal(await call(app, 'get_search', { tags: ['x'] }))).toContain('/tags/0');
  });

  it('converts body fields where the body schema types them, nested ones included', async () => {
    const answer = await call(app, 'post_orders', { body: { qty: '3', note: 12, gift: 'false', lines: [{ sku: 42 }] } });
    expect(answer.result?.structuredContent).toEqual({ received: { qty: 3, note: '12', gift: false, lines: [{ sku: '42' }] } });
    expect(refusal(await call(app, 'post_orders', { body: { qty: 'three' } }))).toContain('/body/qty');
  });

  it('keeps enums exact: only the other form of an allowed value passes', async () => {
    expect((await call(app, 'get_codes_by_code', { code: 2 })).result?.structuredContent).toEqual({ code: '2' });
    expect((await call(app, 'get_colors_by_color', { color: 'red' })).result?.structuredContent).toEqual({ color: 'red' });
    expect(refusal(await call(app, 'get_colors_by_color', { color: 3 }))).toContain('/color');
    expect(refusal(await call(app, 'get_codes_by_code', { code: 3 }))).toContain('/code');
  });

  it('lists schemas that say which forms are taken, and leaves unconvertible enums as declared', async () => {
    const { json } = await post(app, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, { 'mcp-protocol-version': '2025-06-18' });
    const schema = (name: string) => json.result.tools.find((t: { name: string }) => t.name === name).inputSchema;
    expect(schema('get_users_by_id').properties.id).toEqual({ type: ['string', 'number', 'boolean'], description: 'Path parameter :id' });
    expect(schema('get_items_by_n').properties.n).toEqual({ type: ['integer', 'string'], minimum: 1 });
    expect(schema('get_colors_by_color').properties.color).toEqual({ type: 'string', enum: ['red', 'blue'] });
    expect(schema('get_codes_by_code').properties.code).toEqual({ type: ['string', 'number'], enum: ['1', '2', 'x', 1, 2] });
    expect(schema('post_orders').properties.body.properties.qty).toEqual({ type: ['integer', 'string'] });
  });
});

describe('route tool arguments from the inspector CLI (--tool-arg sends 2 as a number)', () => {
  let http: NodeServer;
  beforeAll(async () => {
    http = await listen(shopApp());
  });
  afterAll(async () => {
    await http?.stop();
  });

  it('calls get_users_by_id with --tool-arg id=2 and get_items_by_n with n=2', async () => {
    const [users, items] = await Promise.all([
      inspector([`${http.url}/mcp`, '--method', 'tools/call', '--tool-name', 'get_users_by_id', '--tool-arg', 'id=2']),
      inspector([`${http.url}/mcp`, '--method', 'tools/call', '--tool-name', 'get_items_by_n', '--tool-arg', 'n=2']),
    ]);
    expect(users.code, users.stderr).toBe(0);
    expect(JSON.parse(users.stdout).structuredContent).toEqual({ id: '2', kind: 'string' });
    expect(items.code, items.stderr).toBe(0);
    expect(JSON.parse(items.stdout).structuredContent).toEqual({ n: 2, kind: 'number' });
  });

  it('gets a tool error naming the field for --tool-arg n=abc', async () => {
    const bad = await inspector([`${http.url}/mcp`, '--method', 'tools/call', '--tool-name', 'get_items_by_n', '--tool-arg', 'n=abc']);
    expect(bad.code, bad.stderr).toBe(0);
    const result = JSON.parse(bad.stdout);
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toMatch(/Invalid arguments for tool "get_items_by_n": \/n: .*integer/);
  });
});
