import { describe, expect, it } from 'vitest';
import { Fw, UnauthorizedError } from 'fw';
import { routeTools } from '../../mcp/src/bridge/route-tools';
import { routeToolName, dedupeNames } from '../../mcp/src/bridge/route-tool-name';

function sampleApp(): Fw {
  const app = new Fw();
  app.get('/', () => 'home');
  app.get('/users', (ctx) => ({ users: [{ id: 1 }], limit: ctx.query.limit ?? null }), {
    summary: 'List users',
    schema: { query: { type: 'object', properties: { limit: { type: 'integer' } } } },
  });
  app.get('/users/:id', (ctx) => ({ id: ctx.params.id }), {
    schema: { params: { type: 'object', properties: { id: { type: 'integer' } } } },
  });
  app.get('/users/:id/posts', (ctx) => [{ user: ctx.params.id }]);
  app.post('/users', async (ctx) => ctx.status(201) && { created: await ctx.body() }, {
    schema: { body: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } },
  });
  app.delete('/users/:id', () => null);
  app.get('/files/*', (ctx) => ctx.params['*']);
  app.get('/secret', () => 'hidden', { hidden: true });
  app.get('/mcp', () => 'endpoint');
  app.get('/image', () => new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'content-type': 'image/png' } }));
  app.get('/private', (ctx) => {
    if (ctx.header('authorization') !== 'Bearer t') throw new UnauthorizedError();
    return { ok: true };
  });
  app.group('/api', (g) => g.get('/v1/items', () => ({ items: [] })));
  return app;
}

describe('route tool names', () => {
  it('follows <method>_<segments> with by_<param>, wildcard and root', () => {
    expect(routeToolName('GET', '/users')).toBe('get_users');
    expect(routeToolName('GET', '/users/:id')).toBe('get_users_by_id');
    expect(routeToolName('GET', '/users/:id/posts')).toBe('get_users_by_id_posts');
    expect(routeToolName('GET', '/static/*')).toBe('get_static_wildcard');
    expect(routeToolName('GET', '/')).toBe('get_root');
    expect(routeToolName('POST', '/api/v1/some-thing.json')).toBe('post_api_v1_some_thing_json');
  });

  it('gives clashing names _2 and _3 suffixes', () => {
    expect(dedupeNames(['get_a_b', 'get_a_b', 'get_a_b'])).toEqual(['get_a_b', 'get_a_b_2', 'get_a_b_3']);
    expect(dedupeNames(['get_users'], ['get_users'])).toEqual(['get_users_2']);
  });
});

describe('routeTools', () => {
  it('exposes read-only routes only by default, leaving hidden and excluded ones out', () => {
    const tools = routeTools(sampleApp(), { excludePaths: (p) => p === '/mcp' });
    const names = tools.map((t) => t.name);
    expect(names).toEqual([
      'get_root',
      'get_users',
      'get_users_by_id',
      'get_users_by_id_posts',
      'get_files_wildcard',
      'get_image',
      'get_private',
      'get_api_v1_items',
    ]);
    for (const tool of tools) expect(tool.annotations.readOnlyHint).toBe(true);
  });

  it('adds mutating routes with allowMutation, DELETE marked destructive', () => {
    const tools = routeTools(sampleApp(), { allowMutation: true });
    const del = tools.find((t) => t.name === 'delete_users_by_id')!;
    expect(del.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(tools.find((t) => t.name === 'post_users')!.annotations.destructiveHint).toBe(false);
  });

  it('derives input schemas: params required and typed, query at top level, body under body', () => {
    const tools = routeTools(sampleApp(), { allowMutation: true });
    const byId = tools.find((t) => t.name === 'get_users_by_id')!;
    expect(byId.inputSchema).toEqual({ type: 'object', properties: { id: { type: ['integer', 'string'] } }, required: ['id'] });
    expect(tools.find((t) => t.name === 'get_users')!.inputSchema.properties).toEqual({ limit: { type: ['integer', 'string'] } });
    const post = tools.find((t) => t.name === 'post_users')!;
    expect(post.inputSchema.required).toEqual(['body']);
    expect(post.inputSchema.properties.body.required).toEqual(['name']);
    expect(tools.find((t) => t.name === 'get_users')!.description).toContain('List users');
  });

  it('calls the route through the app: params, query, JSON as structured content', async () => {
    const tools = routeTools(sampleApp(), { allowMutation: true });
    const byId = await tools.find((t) => t.name === 'get_users_by_id')!.handler({ id: 7 });
    expect(byId.structuredContent).toEqual({ id: 7 });
    expect(byId.isError).toBeUndefined();
    const list = await tools.find((t) => t.name === 'get_users')!.handler({ limit: 5 });
    expect(list.structuredContent).toEqual({ users: [{ id: 1 }], limit: 5 });
    const posts = await tools.find((t) => t.name === 'get_users_by_id_posts')!.handler({ id: 'a b' });
    expect(posts.structuredContent).toBeUndefined();
    expect(JSON.parse((posts.content[0] as { text: string }).text)).toEqual([{ user: 'a b' }]);
    const created = await tools.find((t) => t.name === 'post_users')!.handler({ body: { name: 'Ada' } });
    expect(created.structuredContent).toEqual({ created: { name: 'Ada' } });
    const file = await tools.find((t) => t.name === 'get_files_wildcard')!.handler({ wildcard: 'a/b.txt' });
    expect(file.content).toEqual([{ type: 'text', text: 'a/b.txt' }]);
  });

  it('refuses arguments the route schema refuses, and reports HTTP errors, as isError results', async () => {
    const tools = routeTools(sampleApp(), { allowMutation: true });
    const bad = await tools.find((t) => t.name === 'get_users_by_id')!.handler({ id: 'abc' });
    expect(bad.isError).toBe(true);
    expect((bad.content[0] as { text: string }).text).toContain('Invalid arguments for tool "get_users_by_id": /id');
    expect((await tools.find((t) => t.name === 'post_users')!.handler({})).isError).toBe(true);
    const forbidden = await tools.find((t) => t.name === 'get_private')!.handler({});
    expect(forbidden.isError).toBe(true);
    expect(forbidden.content[0]).toEqual({ type: 'text', text: 'HTTP 401' });
  });

  it('forwards only the chosen headers, so route auth applies', async () => {
    const denied = routeTools(sampleApp()).find((t) => t.name === 'get_private')!;
    expect((await denied.handler({}, { headers: new Headers({ authorization: 'Bearer t' }) })).isError).toBe(true);
    const allowed = routeTools(sampleApp(), { forwardHeaders: ['Authorization'] }).find((t) => t.name === 'get_private')!;
    expect((await allowed.handler({}, { headers: new Headers({ authorization: 'Bearer t' }) })).structuredContent).toEqual({ ok: true });
    expect((await allowed.handler({}, { headers: new Headers({ authorization: 'Bearer wrong' }) })).isError).toBe(true);
  });

  it('returns binary bodies as image blocks by content type', async () => {
    const image = await routeTools(sampleApp())
      .find((t) => t.name === 'get_image')!
      .handler({});
    expect(image.content).toEqual([{ type: 'image', data: btoa('\x89PNG'), mimeType: 'image/png' }]);
  });

  it('runs hooks and middleware on tool calls exactly as on HTTP requests', async () => {
    const app = sampleApp();
    const seen: string[] = [];
    app.use(async (ctx, next) => {
      seen.push(ctx.path);
      const response = await next();
      response.headers.set('x-mw', '1');
      return response;
    });
    app.onBeforeHandle((ctx) => (ctx.path === '/users' ? new Response('blocked', { status: 403 }) : undefined));
    const tools = routeTools(app);
    const blocked = await tools.find((t) => t.name === 'get_users')!.handler({});
    expect(blocked.isError).toBe(true);
    expect(seen).toEqual(['/users']);
  });
});
