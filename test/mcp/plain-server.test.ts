/**
 * `createPlainMCPServer`: the server without the app bridge serves only what is registered on it, refuses the
 * bridge options at startup, and a worker built with it bundles no bridge, workflow or address-check code, while
 * `createMCPServer` on the same app still exposes route tools, built-in tools and prompts.
 */
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { Fw as KernelFw } from 'fw/core';
import type { NodeServer } from 'fw/node';
import { createMCPPlugin, createMCPServer, createPlainMCPServer, MCPServer, PlainMCPServer } from 'fw-mcp';
import { connectHTTP, listen, post, repoRoot } from './helpers';

const add = {
  name: 'add',
  description: 'Adds two numbers',
  inputSchema: { type: 'object' as const, properties: { a: { type: 'number' } }, required: ['a'] },
  handler: ({ a }: { a: number }) => String(a + 1),
};

/** An app with one route and the server mounted at `path`. */
async function appServing(path: string, server: PlainMCPServer, app = new Fw()): Promise<Fw> {
  app.get('/users', () => [{ id: 1 }]);
  await app.plugin(createMCPPlugin(server, { path }));
  return app;
}

describe('createPlainMCPServer over HTTP, beside createMCPServer', () => {
  let http: NodeServer;
  beforeAll(async () => {
    const app = await appServing('/plain', createPlainMCPServer(null, { name: 'plain' }).addTool(add));
    await app.plugin(createMCPPlugin(createMCPServer(null, { name: 'full' }).addTool(add), { path: '/full' }));
    http = await listen(app);
  });
  afterAll(async () => {
    await http?.stop();
  });

  it('lists and calls only its own tool, and has no prompts', async () => {
    const client = await connectHTTP(`${http.url}/plain`);
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['add']);
      expect((await client.listPrompts()).prompts).toEqual([]);
      expect((await client.callTool({ name: 'add', arguments: { a: 41 } })).content).toEqual([{ type: 'text', text: '42' }]);
      const bad = await client.callTool({ name: 'add', arguments: { a: 'x' } });
      expect(bad.isError).toBe(true);
      await expect(client.callTool({ name: 'get_users', arguments: {} })).rejects.toThrow(/get_users/);
    } finally {
      await client.close();
    }
  });

  it('leaves createMCPServer as it was: route tools, built-in tools and prompts of the bound app', async () => {
    const client = await connectHTTP(`${http.url}/full`);
    try {
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      expect(names).toContain('add');
      expect(names).toContain('get_users');
      expect(names).toContain('fw/routes/list');
      expect(names).toContain('fw/workflow/run');
      expect((await client.listPrompts()).prompts.map((prompt) => prompt.name)).toContain('fw/analyze-route');
    } finally {
      await client.close();
    }
  });
});

describe('createPlainMCPServer on the fw/core kernel (the smallest worker)', () => {
  it('answers initialize and tools/call, and a bad argument with a tool error', async () => {
    const app = new KernelFw();
    await app.plugin(createMCPPlugin(createPlainMCPServer(null, { name: 'kernel' }).addTool(add)));
    const init = await post(app as unknown as Fw, {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    });
    expect(init.json.result.serverInfo.name).toBe('kernel');
    const call = (a: unknown) =>
      post(
        app as unknown as Fw,
        { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'add', arguments: { a } } },
        {
          'mcp-protocol-version': '2025-06-18',
        },
      );
    expect((await call(1)).json.result.content).toEqual([{ type: 'text', text: '2' }]);
    const bad = await call('x');
    expect(bad.json.result.isError).toBe(true);
  });
});

describe('createPlainMCPServer at startup', () => {
  it('is an MCPServer without the bridge class', () => {
    const plain = createPlainMCPServer();
    expect(plain).toBeInstanceOf(PlainMCPServer);
    expect(plain).not.toBeInstanceOf(MCPServer);
    expect(createMCPServer()).toBeInstanceOf(PlainMCPServer);
  });

  it('refuses each bridge option, naming it and what to use instead', () => {
    for (const options of [
      { exposeRoutes: true },
      { builtinTools: true },
      { builtinPrompts: true },
      { builtinScopes: { 'fw/*': ['read'] } },
    ]) {
      const name = Object.keys(options)[0];
      expect(() => createPlainMCPServer(null, options), name).toThrow(
        new RegExp(`^${name}: createPlainMCPServer\\(\\) has no app bridge.*use createMCPServer\\(\\)`),
      );
    }
    expect(() => createPlainMCPServer(new Fw(), { exposeRoutes: false, builtinTools: false, builtinPrompts: false })).not.toThrow();
  });
});

describe('a worker built with createPlainMCPServer', () => {
  it('bundles no bridge, workflow or ipaddr.js code (esbuild metafile of the bench entry)', async () => {
    const result = await build({
      entryPoints: [join(repoRoot, 'bench/mcp/workers/fw-mcp-plain.ts')],
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'neutral',
      mainFields: ['module', 'main'],
      conditions: ['workerd', 'worker', 'browser'],
      target: 'es2022',
      write: false,
      metafile: true,
      outdir: join(repoRoot, 'bench/.out/plain-check'),
      tsconfig: join(repoRoot, 'tsconfig.json'),
      logLevel: 'silent',
    });
    const bundled = Object.entries(Object.values(result.metafile.outputs)[0].inputs)
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([path]) => path);
    expect(bundled).toContain('mcp/src/server.ts');
    expect(bundled.filter((path) => /mcp\/src\/(bridge|workflows)\/|ipaddr/.test(path))).toEqual([]);
  });
});
