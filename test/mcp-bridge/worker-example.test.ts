/** The example worker's MCP endpoint, as `npm run build:worker` builds it, in workerd, driven by the official SDK client. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Miniflare } from 'miniflare';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { builtModules, root } from '../targets/worker/helpers';
import { connectHTTP } from '../mcp/helpers';

const outdir = mkdtempSync(join(tmpdir(), 'fw-worker-mcp-'));
let mf: Miniflare;
let client: Client;
let url: URL;
const token = 'worker-example-token';

beforeAll(async () => {
  const build = spawnSync('npm', ['run', 'build:worker', '--', outdir], { cwd: root, encoding: 'utf8' });
  expect(build.status, build.stdout + build.stderr).toBe(0);
  const { workerOptions } = unstable_getMiniflareWorkerOptions(join(root, 'wrangler.toml'));
  const bindings = { ...(workerOptions as { bindings?: Record<string, unknown> }).bindings, MCP_TOKEN: token };
  mf = new Miniflare({ cf: false, ...workerOptions, bindings, modules: builtModules(outdir), host: '127.0.0.1', port: 0 } as never);
  url = await mf.ready;
  client = await connectHTTP(new URL('/mcp', url).href, { authorization: `Bearer ${token}` });
});
afterAll(async () => {
  await client?.close();
  await mf?.dispose();
  rmSync(outdir, { recursive: true, force: true });
});

describe('examples/worker over MCP (built bundle, workerd)', () => {
  it('refuses a caller without the MCP_TOKEN secret as Bearer token (401)', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-the-secret' }] as Record<string, string>[]) {
      const response = await fetch(new URL('/mcp', url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(response.status).toBe(401);
      await response.body?.cancel();
    }
  });

  it('lists the read-only route tools and, to the authenticated caller, the runtime tools', async () => {
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['get_users', 'get_users_by_id', 'get_notes_by_id', 'get_hello_by_name']));
    expect(names).toEqual(expect.arrayContaining(['fw/serverless/status', 'fw/routes/list']));
    expect(names).not.toContain('post_notes');
    expect(names).not.toContain('delete_kv_by_key');
  });

  it('calls get_users_by_id with a typed argument, and refuses a bad one with a tool error naming it', async () => {
    expect((await client.callTool({ name: 'get_users_by_id', arguments: { id: 2 } })).structuredContent).toEqual({
      id: 2,
      name: 'Grace Hopper',
    });
    expect((await client.callTool({ name: 'get_users_by_id', arguments: { id: 3 } })).isError).toBe(true);
    const bad = await client.callTool({ name: 'get_users_by_id', arguments: { id: 'x' } });
    expect(bad.isError).toBe(true);
    expect((bad.content as Array<{ text: string }>)[0].text).toContain('Invalid arguments for tool "get_users_by_id": /id');
  });

  it('reads the cold-start statistics through fw/serverless/status', async () => {
    const status = await client.callTool({ name: 'fw/serverless/status', arguments: {} });
    expect(status.isError).toBeFalsy();
    expect(JSON.stringify(status.structuredContent ?? status.content)).toMatch(/cold/i);
  });
});
