/**
 * What a Lambda bundle holds when `fw` resolves as on Node (its `node` condition entry, targets/node/fw.ts): Node's
 * small services (static files, migrations, uploads from disk), no HTTP server; and that the bundle still answers.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleConfig } from 'fw/serverless';
import { sourceAliases } from '../../../aliases';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'fw-lambda-bundle-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Bundles a one-route app on `kernel` ('fw' or 'fw/core') behind lambda() as users do, `fw` resolved to its Node entry. */
async function bundle(kernel: string, name: string): Promise<{ file: string; inputs: string[] }> {
  const file = join(out, `${name}.mjs`);
  const contents = `import { Fw } from '${kernel}'; import { lambda } from 'fw/lambda';
    export const handler = lambda(new Fw().get('/hello', () => ({ hello: 'bundled' })));`;
  const { entryPoints: _, ...options } = bundleConfig('lambda', 'entry.ts', {
    outfile: file,
    alias: sourceAliases,
    metafile: true,
    logLevel: 'silent',
  });
  const result = await build({ ...options, stdin: { contents, resolveDir: root, loader: 'ts' } });
  return { file, inputs: Object.keys(Object.values(result.metafile!.outputs)[0].inputs) };
}

/** Calls the bundled handler in a fresh Node process started outside the repository (no node_modules to find). */
async function invoke(file: string): Promise<{ statusCode: number; body: string }> {
  const event = readFileSync(join(root, 'test/fixtures/lambda/function-url.json'), 'utf8');
  const script = `const { handler } = await import(${JSON.stringify(file)}); process.stdout.write(JSON.stringify(await handler(${event}, {})));`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: out });
  return JSON.parse(stdout);
}

const server = /targets\/node\/(adapter|serve|listener|upgrade|ws-module)\.ts$|node_modules\/ws\//;

describe.each([
  ['fw', 'app'],
  ['fw/core', 'kernel'],
])('a Lambda bundle of an app on %s', (kernel, name) => {
  it("holds Node's services (files, migrations, uploads, signals) but no HTTP server, WebSocket library or SQL splitter, and answers", async () => {
    const { file, inputs } = await bundle(kernel, name);
    expect(inputs.filter((path) => server.test(path))).toEqual([]);
    expect(inputs.filter((path) => /dbgate-query-splitter|db\/migrations\/scaffold/.test(path))).toEqual([]);
    for (const service of ['platform', 'static-fs', 'migration-files', 'upload-local', 'signals', 'light-response']) {
      expect(inputs).toContain(`targets/node/${service}.ts`);
    }
    expect(await invoke(file)).toMatchObject({ statusCode: 200, body: '{"hello":"bundled"}' });
  });
});

it('fw/lambda on fw/core imports the kernel alone: no module of the full Fw or its schema layer', async () => {
  const { inputs } = await bundle('fw/core', 'kernel-only');
  // Barrels (`export *` files) may be listed: upload-local reaches `fw` through a lazy import, whose index re-exports them.
  expect(inputs.filter((path) => /^src\/(app|schema)\//.test(path) && !path.endsWith('/index.ts'))).toEqual([]);
});
