/**
 * fw-mcp stands alone: its tarball installed into a new project without fw (fw is an optional peer, so npm leaves it
 * out), `fw-mcp/plain` loads and serves a tool over stdio to the official SDK client, and type-checks with
 * `skipLibCheck` (its declarations name fw's types). The `fw-mcp` entry, which wires the app bridge and the HTTP
 * plugin, says that it needs fw.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packedOnce } from './packed-project';
import { sh } from './run';

const root = fileURLToPath(new URL('../../', import.meta.url));
const tsc = join(root, 'node_modules', '.bin', 'tsc');
let base = '';
let dir = '';

const serverSource = `import { createPlainMCPServer } from 'fw-mcp/plain';

const server = createPlainMCPServer(null, { name: 'alone', version: '1.0.0' });
server.addTool({
  name: 'add',
  description: 'Adds two numbers',
  inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
  outputSchema: { type: 'object', properties: { sum: { type: 'number' } }, required: ['sum'] },
  handler: ({ a, b }) => ({ sum: a + b }),
});
await server.start();
`;

beforeAll(async () => {
  const tarballs = await packedOnce(root);
  base = mkdtempSync(join(tmpdir(), 'fw-mcp-alone-'));
  dir = join(base, 'alone');
  mkdirSync(dir);
  await sh('npm', ['init', '-y'], dir);
  await sh('npm', ['pkg', 'set', 'type=module'], dir);
  await sh('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarballs.get('fw-mcp')!], dir);
  writeFileSync(join(dir, 'server.mjs'), serverSource);
}, 300_000);

afterAll(() => {
  if (base) rmSync(base, { recursive: true, force: true });
});

describe('fw-mcp installed without fw', { timeout: 60_000 }, () => {
  it('has no fw in node_modules (an optional peer)', () => {
    expect(existsSync(join(dir, 'node_modules', 'fw-mcp', 'package.json'))).toBe(true);
    expect(existsSync(join(dir, 'node_modules', 'fw'))).toBe(false);
  });

  it('serves a plain server over stdio to the official SDK client: list, call, and a tool error for bad arguments', async () => {
    const client = new Client({ name: 'alone-test', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: ['server.mjs'], cwd: dir, stderr: 'pipe' }));
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['add']);
      const sum = await client.callTool({ name: 'add', arguments: { a: 2, b: 3 } });
      expect(sum.structuredContent).toEqual({ sum: 5 });
      const bad = await client.callTool({ name: 'add', arguments: { a: 'two', b: 3 } });
      expect(bad.isError).toBe(true);
      expect((bad.content as Array<{ text: string }>)[0].text).toMatch(/^Invalid arguments for tool "add": \/a: /);
    } finally {
      await client.close();
    }
  });

  it('type-checks a server written against fw-mcp/plain with skipLibCheck (tsc --strict, NodeNext)', async () => {
    writeFileSync(join(dir, 'server.ts'), serverSource.replace('handler: ({ a, b })', 'handler: ({ a, b }: { a: number; b: number })'));
    const config = {
      compilerOptions: {
        strict: true,
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        target: 'ES2022',
        lib: ['ES2023', 'DOM'],
        noEmit: true,
        skipLibCheck: true,
        types: [],
      },
      files: ['server.ts'],
    };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(config));
    await sh(tsc, ['-p', 'tsconfig.json'], dir);
  });

  it('refuses the fw-mcp entry at import, naming fw', async () => {
    await expect(sh(process.execPath, ['--input-type=module', '-e', "await import('fw-mcp')"], dir)).rejects.toThrow(
      /Cannot find package 'fw'/,
    );
  });
});
