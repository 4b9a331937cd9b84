/**
 * What a Lambda bundle holds when `fw` resolves as on Node (its `node` condition entry, targets/node/fw.ts): for an
 * app on `fw`, Node's small services (static files, migrations, uploads from disk) and no HTTP server; for an app on
 * `fw/core`, none of them (and no `node:` module loaded at import) unless it is given them with `installNodeServices(app)`; and that
 * each bundle still answers.
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

/** The source of a one-route app on `kernel` ('fw' or 'fw/core') behind lambda(); `services` gives it Node's with `installNodeServices(app)`. */
function entry(kernel: string, services: boolean): string {
  const optIn = services ? `import { installNodeServices } from 'fw/lambda'; installNodeServices(app);` : '';
  return `import { Fw } from '${kernel}'; import { lambda } from 'fw/lambda';
    const app = new Fw().get('/hello', () => ({ hello: 'bundled' })); ${optIn}
    export const handler = lambda(app);`;
}

/** Bundles the app as users do (bundleConfig('lambda'), `fw` resolved to its Node entry); `minify: false` keeps esbuild's helper names. */
async function bundle(kernel: string, name: string, services = false, minify = true): Promise<{ file: string; inputs: string[] }> {
  const file = join(out, `${name}.mjs`);
  const { entryPoints: _, ...options } = bundleConfig('lambda', 'entry.ts', {
    outfile: file,
    alias: sourceAliases,
    metafile: true,
    logLevel: 'silent',
    minify,
  });
  const result = await build({ ...options, stdin: { contents: entry(kernel, services), resolveDir: root, loader: 'ts' } });
  return { file, inputs: Object.keys(Object.values(result.metafile!.outputs)[0].inputs) };
}

/**
 * The modules esbuild wraps in a lazy initializer (`__esm`), which it does to every module a literal `import()` of a
 * bundled file reaches; each runs at the cold start instead of being plain top-level code.
 */
async function lazyInitializers(kernel: string, services: boolean): Promise<string[]> {
  const { file } = await bundle(kernel, `${kernel.replace('/', '-')}-plain-${services}`, services, false);
  return [...readFileSync(file, 'utf8').matchAll(/= __esm\(\{\s*"([^"]+)"/g)].map((match) => match[1]);
}

/** Calls the bundled handler in a fresh Node process started outside the repository (no node_modules to find). */
async function invoke(file: string): Promise<{ statusCode: number; body: string }> {
  const event = readFileSync(join(root, 'test/fixtures/lambda/function-url.json'), 'utf8');
  const script = `const { handler } = await import(${JSON.stringify(file)}); process.stdout.write(JSON.stringify(await handler(${event}, {})));`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: out });
  return JSON.parse(stdout);
}

const server = /targets\/node\/(adapter|serve|listener|upgrade|ws-module)\.ts$|node_modules\/ws\//;
const services = ['platform-services', 'file-routes-fs', 'static-fs', 'migration-files', 'upload-local', 'signals'];

/** The `node:` modules a bundle imports statically, which Node loads before the handler's module runs. */
function staticNodeImports(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/\bfrom\s*"(node:[^"]+)"/g)].map((match) => match[1]);
}

describe.each([
  ['fw', 'app', false],
  ['fw/core', 'kernel-services', true],
])('a Lambda bundle of an app on %s (installNodeServices: %s)', (kernel, name, optIn) => {
  it("holds Node's services (files, migrations, uploads, signals) but no HTTP server, WebSocket library or SQL splitter, and answers", async () => {
    const { file, inputs } = await bundle(kernel, name, optIn);
    expect(inputs.filter((path) => server.test(path))).toEqual([]);
    expect(inputs.filter((path) => /dbgate-query-splitter|db\/migrations\/scaffold/.test(path))).toEqual([]);
    for (const service of [...services, 'light-response']) expect(inputs).toContain(`targets/node/${service}.ts`);
    expect(await invoke(file)).toMatchObject({ statusCode: 200, body: '{"hello":"bundled"}' });
  });
});

it("a Lambda bundle of an app on fw/core holds none of Node's services and loads no node: module at import, and answers", async () => {
  const { file, inputs } = await bundle('fw/core', 'kernel');
  expect(inputs.filter((path) => services.some((service) => path === `targets/node/${service}.ts`))).toEqual([]);
  expect(inputs).toContain('targets/node/light-response.ts');
  expect(staticNodeImports(file)).toEqual([]);
  expect(await invoke(file)).toMatchObject({ statusCode: 200, body: '{"hello":"bundled"}' });
});

it("a Lambda bundle of an app on fw/core wraps no module in a lazy initializer but those Node's services load on first use", async () => {
  // The services' modules are imported on first use; the local-uploads one imports the kernel's HttpError.
  expect(await lazyInitializers('fw/core', false)).toEqual(['src/core/errors.ts']);
  const loadedOnUse =
    /^(targets\/node\/(file-routes-fs|static-fs|upload-local|db-migrations-fs|db-bundle|migration-files|signals)|src\/(file-routes|db\/migrations)\/|src\/core\/(errors|platform)\.ts$|node_modules\/dbgate-query-splitter\/)/;
  expect((await lazyInitializers('fw/core', true)).filter((name) => !loadedOnUse.test(name))).toEqual([]);
});

it('fw/lambda on fw/core imports the kernel alone: no module of the full Fw or its schema layer', async () => {
  const { inputs } = await bundle('fw/core', 'kernel-only');
  expect(inputs.filter((path) => /^src\/(app|schema)\//.test(path))).toEqual([]);
});
