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

beforeAll(async () => {
  const build = spawnSync('npm', ['run', 'build:worker', '--', outdir], { cwd: root, encoding: 'utf8' });
  expect(build.status, build.stdout + build.stderr).toBe(0);
  const { workerOptions } = unstable_getMiniflareWorkerOptions(join(root, 'wrangler.toml'));
  mf = new Miniflare({ cf: false, ...workerOptions, modules: builtModules(outdir), host: '127.0.0.1', port: 0 } as never);
  const url = await mf.ready;
  client = await connectHTTP(new URL('/mcp', url).href);
});
afterAll(async () => {
  await client?.close();
  await mf?.dispose();
  rmSync(outdir, { recursive: true, force: true });
});

describe('examples/worker over MCP (built bundle, workerd)', () => {
  it('lists the read-only route tools but, without authentication in workerd, no runtime tool', async () => {
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['get_users', 'get_users_by_id', 'get_notes_by_id', 'get_hello_by_name']));
    expect(names.filter((n) => n.startsWith('fw/'))).toEqual([]);
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

  it('refuses fw/serverless/status to an unauthenticated caller as an unknown tool', async () => {
    await expect(client.callTool({ name: 'fw/serverless/status', arguments: {} })).rejects.toThrow(/Unknown tool: fw\/serverless\/status/);
  });
});
