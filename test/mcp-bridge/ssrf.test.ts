/**
 * The built-in HTTP workflows are not a fetch proxy (issue #18): by default they call the app itself only;
 * another origin must be named in `allowedOrigins`, non-public addresses in any notation are refused unless
 * named, and redirects are decided hop by hop. Every refusal is a tool error sent before any request.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Fw } from 'fw';
import type { NodeServer } from 'fw/node';
import { createBuiltinWorkflows, createMCPPlugin, mcp, runWorkflow, type Workflow } from 'fw-mcp';
import { listen } from '../mcp/helpers';

/** A plain node:http server on 127.0.0.1 standing for "another origin"; it records every request it gets. */
async function outside(
  routes: (req: IncomingMessage, other: string) => { status?: number; headers?: Record<string, string>; body?: unknown },
) {
  const seen: string[] = [];
  let other = '';
  const server: Server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    const answer = routes(req, other);
    res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
    res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { origin, seen, link: (o: string) => (other = o), close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const redirects = (req: IncomingMessage, other: string) => {
  const to = (location: string, status = 302) => ({ status, headers: { location } });
  switch (req.url) {
    case '/data':
      return { body: { from: 'outside' } };
    case '/echo':
      return { body: { method: req.method, authorization: req.headers.authorization ?? null } };
    case '/to-metadata':
      return to('http://169.254.169.254/latest/meta-data/');
    case '/to-mapped':
      return to('http://[::ffff:169.254.169.254]/latest/meta-data/');
    case '/to-decimal':
      return to('http://2852039166/');
    case '/to-public':
      return to('https://example.com/');
    case '/to-file':
      return to('file:///etc/passwd');
    case '/hop':
      return to('/data', 307);
    case '/loop':
      return to('/loop');
    case '/see-other':
      return to('/echo', 303);
    case '/to-other':
      return to(`${other}/echo`);
    default:
      return { status: 404, body: { error: 'no such page' } };
  }
};

type Answer = {
  result?: { isError?: boolean; content: Array<{ text: string }>; structuredContent?: { output?: any } };
  error?: { code: number; message: string };
};

function caller(url: string) {
  let id = 0;
  return async (name: string, args: Record<string, unknown>): Promise<Answer> => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method: 'tools/call', params: { name, arguments: args } }),
    });
    return response.json() as Promise<Answer>;
  };
}

function usersApp(): Fw {
  const app = new Fw();
  app.get('/users/:id', (ctx) => ({ id: ctx.params.id }));
  return app;
}

let a: Awaited<ReturnType<typeof outside>>;
let b: Awaited<ReturnType<typeof outside>>;
const fetchSpy = vi.spyOn(globalThis, 'fetch');
/** The URLs the server fetched, leaving out the test's own calls to the MCP endpoint. */
const outbound = (mcpUrl: string) =>
  fetchSpy.mock.calls.map(([input]) => (input instanceof Request ? input.url : String(input))).filter((u) => !u.startsWith(mcpUrl));

beforeAll(async () => {
  a = await outside(redirects);
  b = await outside(redirects);
  a.link(b.origin);
});
afterAll(async () => {
  fetchSpy.mockRestore();
  await a?.close();
  await b?.close();
});
afterEach(() => {
  fetchSpy.mockClear();
  a.seen.length = 0;
  b.seen.length = 0;
});

describe('the quick start (app.use(createMCPPlugin(mcp(app)))): the app itself only', () => {
  let http: NodeServer;
  let url = '';
  let call: ReturnType<typeof caller>;
  beforeAll(async () => {
    const app = usersApp();
    app.use(createMCPPlugin(mcp(app)));
    http = await listen(app);
    url = `${http.url}/mcp`;
    call = caller(url);
  });
  afterAll(async () => {
    await http?.stop();
  });

  it('refuses every non-public address form, other origins and other schemes, with a tool error and no request', async () => {
    const port = new URL(a.origin).port;
    const cases: Array<[string, string]> = [
      ['http://169.254.169.254/latest/meta-data/', 'link-local'],
      ['http://[::ffff:169.254.169.254]/latest/meta-data/', 'link-local'],
      ['http://2852039166/', 'link-local'],
      ['http://0251.0376.0251.0376/', 'link-local'],
      ['http://0xa9.0xfe.0xa9.0xfe/', 'link-local'],
      ['http://[fe80::1]/', 'link-local'],
      [`${a.origin}/data`, 'loopback'],
      [`http://127.1:${port}/data`, 'loopback'],
      [`http://[::1]:${port}/data`, 'loopback'],
      [`http://[::ffff:127.0.0.1]:${port}/data`, 'loopback'],
      [`http://localhost:${port}/data`, 'loopback'],
      [`http://LOCALHOST.:${port}/data`, 'loopback'],
      [`http://0.0.0.0:${port}/data`, 'unspecified'],
      [`http://0:${port}/data`, 'unspecified'],
      [`http://[::]:${port}/data`, 'unspecified'],
      ['http://10.0.0.1/', 'private'],
      ['http://172.16.5.4/', 'private'],
      ['http://192.168.1.1/', 'private'],
      ['http://[fc00::1]/', 'private'],
      ['http://[fd12:3456::1]/', 'private'],
      ['http://[64:ff9b::a9fe:a9fe]/', 'NAT64'],
      ['http://[2002:a9fe:a9fe::]/', '6to4'],
      ['http://[::7f00:1]/', 'IPv4-compatible'],
      ['http://100.64.0.1/', 'special-purpose'],
      ['https://example.com/', "not in the workflow's allowedOrigins"],
      ['http://169.254.169.254.nip.io/', "not in the workflow's allowedOrigins"],
      ['file:///etc/passwd', 'file: URLs are not fetched'],
      ['data:text/plain,hello', 'data: URLs are not fetched'],
      ['users/1', 'neither a path'],
      ['http://', 'neither a path'],
    ];
    for (const [path, words] of cases) {
      const answer = await call('fw/http-request', { path });
      expect(answer.result?.isError, path).toBe(true);
      expect(answer.result?.content[0].text, path).toContain('failed at step request');
      expect(answer.result?.content[0].text, path).toContain(words);
    }
    expect(outbound(url)).toEqual([]);
    expect(a.seen).toEqual([]);
  });

  it('refuses them in fw/chain-requests and through fw/workflow/run too', async () => {
    const chained = await call('fw/chain-requests', { requests: [{ path: '/users/1' }, { path: 'http://[::ffff:a9fe:a9fe]/' }] });
    expect(chained.result?.isError).toBe(true);
    expect(chained.result?.content[0].text).toContain('link-local');
    const run = await call('fw/workflow/run', { name: 'fw/http-request', input: { path: `${a.origin}/data` } });
    expect(run.result?.isError).toBe(true);
    expect(run.result?.content[0].text).toContain('loopback');
    expect(outbound(url)).toEqual([]);
    expect(a.seen).toEqual([]);
  });

  it('serves paths and URLs on its own host in process, never through the network', async () => {
    expect((await call('fw/http-request', { path: '/users/7' })).result?.structuredContent?.output.body).toEqual({ id: '7' });
    const own = await call('fw/http-request', { path: `${http.url}/users/8` });
    expect(own.result?.structuredContent?.output.body).toEqual({ id: '8' });
    expect(outbound(url)).toEqual([]);
  });

  it('says in the tool description what it may reach', async () => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'mcp-protocol-version': '2025-06-18' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    const tool = (
      (await response.json()) as {
        result: { tools: Array<{ name: string; description: string; annotations: { openWorldHint: boolean } }> };
      }
    ).result.tools.find((t) => t.name === 'fw/http-request')!;
    expect(tool.description).toContain('no other origin is allowed');
    expect(tool.annotations.openWorldHint).toBe(false);
  });
});

describe('allowedOrigins', () => {
  let http: NodeServer;
  let url = '';
  let call: ReturnType<typeof caller>;
  beforeAll(async () => {
    const app = usersApp();
    app.use(createMCPPlugin(mcp(app, { workflows: createBuiltinWorkflows(app, { allowedOrigins: [a.origin, b.origin] }) })));
    http = await listen(app);
    url = `${http.url}/mcp`;
    call = caller(url);
  });
  afterAll(async () => {
    await http?.stop();
  });

  it('fetches a named origin on 127.0.0.1 (written in any IPv4 notation), and no other form of that address', async () => {
    const answer = await call('fw/http-request', { path: `${a.origin}/data` });
    expect(answer.result?.isError).toBeUndefined();
    expect(answer.result?.structuredContent?.output).toMatchObject({ status: 200, body: { from: 'outside' } });
    const port = new URL(a.origin).port;
    expect((await call('fw/http-request', { path: `http://127.1:${port}/data` })).result?.isError).toBeUndefined();
    expect(a.seen).toEqual(['GET /data', 'GET /data']);
    for (const other of [`http://[::ffff:127.0.0.1]:${port}/data`, `http://localhost:${port}/data`, `https://127.0.0.1:${port}/data`]) {
      expect((await call('fw/http-request', { path: other })).result?.isError, other).toBe(true);
    }
    expect(a.seen).toEqual(['GET /data', 'GET /data']);
  });

  it('refuses a redirect from an allowed origin to the metadata address, in any notation, after the first hop only', async () => {
    for (const [page, words] of [
      ['/to-metadata', '169.254.169.254'],
      ['/to-mapped', 'link-local'],
      ['/to-decimal', 'link-local'],
      ['/to-public', "not in the workflow's allowedOrigins"],
      ['/to-file', 'file:'],
    ]) {
      fetchSpy.mockClear();
      const answer = await call('fw/http-request', { path: `${a.origin}${page}` });
      expect(answer.result?.isError, page).toBe(true);
      expect(answer.result?.content[0].text, page).toContain('redirect 1 from');
      expect(answer.result?.content[0].text, page).toContain(words);
      expect(outbound(url), page).toEqual([`${a.origin}${page}`]);
    }
  });

  it('follows redirects within allowed origins, changes 303 to GET, and drops credentials across origins', async () => {
    expect((await call('fw/http-request', { path: `${a.origin}/hop` })).result?.structuredContent?.output.body).toEqual({
      from: 'outside',
    });
    const seeOther = await call('fw/http-request', {
      path: `${a.origin}/see-other`,
      method: 'POST',
      body: { x: 1 },
      headers: { authorization: 'Bearer t' },
    });
    expect(seeOther.result?.structuredContent?.output.body).toEqual({ method: 'GET', authorization: 'Bearer t' });
    const crossed = await call('fw/http-request', { path: `${a.origin}/to-other`, headers: { authorization: 'Bearer t' } });
    expect(crossed.result?.structuredContent?.output.body).toEqual({ method: 'GET', authorization: null });
    expect(b.seen).toEqual(['GET /echo']);
  });

  it('stops a redirect loop after 5 redirects', async () => {
    const answer = await call('fw/http-request', { path: `${a.origin}/loop` });
    expect(answer.result?.isError).toBe(true);
    expect(answer.result?.content[0].text).toContain('more than 5 redirects');
    expect(a.seen).toHaveLength(6);
  });
});

describe('allowedOrigins entries and user workflows', () => {
  it('refuses a malformed entry at setup, naming it', () => {
    for (const entry of [
      'https://api.example.com/v1',
      '*',
      'ftp://files.example.com',
      'http://user:pw@api.example.com',
      'api.example.com',
      'https://api.example.com?x=1',
    ]) {
      expect(() => createBuiltinWorkflows(null, { allowedOrigins: [entry] }), entry).toThrow(JSON.stringify(entry));
    }
  });

  it('applies the same rule to a workflow of your own: its allowedOrigins, else the app only', async () => {
    const steps: Workflow['steps'] = [{ type: 'http', url: `${a.origin}/data`, transform: (r) => r.body }];
    const closed = await runWorkflow({ name: 'closed', description: '', steps }, {}, { app: usersApp() });
    expect(closed.error?.message).toContain('loopback');
    expect(a.seen).toEqual([]);
    const open = await runWorkflow({ name: 'open', description: '', steps, allowedOrigins: [`${a.origin}/`] });
    expect(open).toMatchObject({ ok: true, output: { from: 'outside' } });
    const bad = await runWorkflow({ name: 'bad', description: '', steps, allowedOrigins: ['nonsense'] });
    expect(bad.error?.message).toContain('"nonsense" is not an origin');
  });
});
