/**
 * stdio route tools reach routes behind the app's own bearer guard: the official SDK client starts
 * examples/mcp-stdio/guarded-server.ts as a desktop client does, with `API_TOKEN` in its `env`, and the guarded
 * route answers 200 as a tool; a wrong token gets the guard's 401, a missing one stops the server at startup.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { mcp, StdioTransport } from 'fw-mcp';

const root = fileURLToPath(new URL('../../', import.meta.url));
const entry = 'examples/mcp-stdio/guarded-server.ts';
const clients: Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
});

/** The SDK client over a child process started as a desktop client's config would (`command`, `args`, `env`). */
async function connect(env: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'stdio-credentials-test', version: '1.0.0' });
  clients.push(client);
  const { PATH = '', HOME = '' } = process.env;
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', entry],
      cwd: root,
      env: { PATH, HOME, ...env },
      stderr: 'pipe',
    }),
  );
  return client;
}

describe('stdio credentials from the environment', () => {
  it('gives route tools the token of API_TOKEN, so a guarded route answers 200', async () => {
    const client = await connect({ APP_TOKEN: 'desk-token', API_TOKEN: 'desk-token' });
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['get_health', 'get_admin_stats']));
    const stats = await client.callTool({ name: 'get_admin_stats', arguments: {} });
    expect(stats.isError).toBeFalsy();
    expect(stats.structuredContent).toEqual({ users: 2, admins: 1 });
    const invoked = await client.callTool({ name: 'fw/routes/invoke', arguments: { method: 'GET', path: '/admin/stats' } });
    expect(invoked.isError).toBeFalsy();
    expect(invoked.structuredContent).toEqual({ users: 2, admins: 1 });
  }, 60_000);

  it("answers a wrong token with the guard's own 401, as over HTTP", async () => {
    const client = await connect({ APP_TOKEN: 'desk-token', API_TOKEN: 'stale-token' });
    const refused = await client.callTool({ name: 'get_admin_stats', arguments: {} });
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toContain('HTTP 401');
    const open = await client.callTool({ name: 'get_health', arguments: {} });
    expect(open.structuredContent).toEqual({ ok: true });
  }, 60_000);

  it('stops at startup, naming the variable, when API_TOKEN is not set', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', entry], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', APP_TOKEN: 'desk-token' },
      input: '',
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('API_TOKEN is not set: add it to the "env" of this server');
  }, 60_000);
});

describe('StdioTransport headers', () => {
  /** A stdio pair on Web streams: lines written in, answers read back. */
  function pipes() {
    const input = new TransformStream<Uint8Array, Uint8Array>();
    const writer = input.writable.getWriter();
    const answers: Record<string, any>[] = [];
    let pending = '';
    const output = new WritableStream<Uint8Array>({
      write(chunk) {
        pending += new TextDecoder().decode(chunk);
        for (let nl = pending.indexOf('\n'); nl !== -1; nl = pending.indexOf('\n')) {
          answers.push(JSON.parse(pending.slice(0, nl)));
          pending = pending.slice(nl + 1);
        }
      },
    });
    const send = (message: object) => writer.write(new TextEncoder().encode(`${JSON.stringify(message)}\n`));
    return { input: input.readable, output, answers, send, end: () => writer.close() };
  }

  it('carries them on every in-process call (route tools, fw/routes/invoke), over the headers a tool sets', async () => {
    const app = new Fw();
    app.get('/seen', (ctx) => ({ authorization: ctx.header('authorization'), extra: ctx.header('x-extra') }));
    const io = pipes();
    const transport = new StdioTransport({
      input: io.input,
      output: io.output,
      headers: { Authorization: 'Bearer one', 'X-Extra': 'two' },
    });
    const done = mcp(app).start(transport);
    await io.send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {} } });
    await io.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    await io.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_seen', arguments: {} } });
    await io.send({
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'fw/routes/invoke', arguments: { method: 'GET', path: '/seen', headers: { authorization: 'Bearer forged' } } },
    });
    await io.end();
    await done;
    const byId = new Map(io.answers.map((a) => [a.id, a]));
    expect(byId.get(2)!.result.structuredContent).toEqual({ authorization: 'Bearer one', extra: 'two' });
    expect(byId.get(3)!.result.structuredContent).toEqual({ authorization: 'Bearer one', extra: 'two' });
  });

  it('refuses at startup a value that is not a string or reads "Bearer undefined", naming the header', () => {
    const io = pipes();
    const make = (headers: unknown) => () =>
      new StdioTransport({ input: io.input, output: io.output, headers: headers as Record<string, string> });
    expect(make({ authorization: undefined })).toThrow('StdioTransport: headers.authorization must be a string, got undefined');
    expect(make({ authorization: `Bearer ${process.env.FW_TEST_UNSET_VARIABLE}` })).toThrow(
      'StdioTransport: headers.authorization is "Bearer undefined": is the environment variable it comes from set',
    );
    expect(make({ 'bad header': 'x' })).toThrow('StdioTransport: headers are not valid HTTP headers');
    expect(make(['authorization'])).toThrow('StdioTransport: headers must be an object');
  });
});
