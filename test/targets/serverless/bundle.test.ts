import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { buildCommand, bundleConfig } from 'fw/serverless';
import { sourceAliases } from '../../../aliases';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../', import.meta.url));
const entries = fileURLToPath(new URL('../../fixtures/lambda/entries/', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'fw-bundle-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('bundleConfig()', () => {
  it('gives each target its platform, format and output', () => {
    expect(bundleConfig('lambda', 'src/handler.ts')).toMatchObject({
      entryPoints: ['src/handler.ts'],
      bundle: true,
      minify: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      outfile: 'dist/lambda/index.mjs',
    });
    expect(bundleConfig('worker', 'w.ts')).toMatchObject({
      platform: 'neutral',
      format: 'esm',
      conditions: ['workerd', 'worker', 'browser'],
      external: ['node:*', 'cloudflare:*'],
    });
    expect(bundleConfig('bun', 'b.ts')).toMatchObject({
      platform: 'node',
      target: 'esnext',
      conditions: ['bun'],
      external: ['bun', 'bun:*'],
    });
    expect(bundleConfig('node', 'n.ts')).toMatchObject({
      platform: 'node',
      target: 'node20',
      outfile: 'dist/node/index.mjs',
      sourcemap: true,
      inject: ['fw/node'],
    });
  });

  it('lets overrides win and adds their conditions and injected files to the preset ones', () => {
    const config = bundleConfig('worker', 'w.ts', { minify: false, outfile: 'x.js', conditions: ['source'] });
    expect(config).toMatchObject({ minify: false, outfile: 'x.js', conditions: ['workerd', 'worker', 'browser', 'source'] });
    expect(bundleConfig('node', 'n.ts', { inject: ['./shim.js'] }).inject).toEqual(['fw/node', './shim.js']);
  });

  it('rejects an unknown target or a missing entry', () => {
    expect(() => bundleConfig('deno' as 'node', 'x.ts')).toThrow('Unknown bundle target "deno": use one of lambda, worker, bun, node');
    expect(() => bundleConfig('node', '')).toThrow('bundleConfig() needs the entry file path');
  });

  it('bundles a Lambda handler that a fresh Node process imports and calls', async () => {
    const outfile = join(out, 'lambda.mjs');
    await build(bundleConfig('lambda', join(entries, 'one-route-lambda.ts'), { outfile, conditions: ['source'], logLevel: 'silent' }));
    const event = readFileSync(join(root, 'test/fixtures/lambda/function-url.json'), 'utf8');
    const script = `const { handler } = await import(${JSON.stringify(outfile)}); const r = await handler(${event}, {}); process.stdout.write(JSON.stringify(r));`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script]);
    expect(JSON.parse(stdout)).toMatchObject({ statusCode: 200, body: '{"hello":"bundled"}', isBase64Encoded: false });
  });

  describe('a Node server bundle of new Fw().listen() from fw (Node entry), run where no node_modules are', () => {
    const contents = `import { Fw } from 'fw';
      const app = new Fw({ hostname: '127.0.0.1' }).get('/', 'up');
      try {
        const server = await app.listen(0);
        process.stdout.write(JSON.stringify({ body: await (await fetch('http://127.0.0.1:' + server.port + '/')).text() }));
      } catch (error) {
        process.stdout.write(JSON.stringify({ error: error.message }));
      } finally {
        await app.stop();
      }`;

    async function serve(name: string, config: Record<string, unknown>): Promise<{ body?: string; error?: string }> {
      const { entryPoints: _, ...options } = config;
      // From sources: package.json's `sideEffects` names the built files only, so it is ignored to keep fw/node's registration.
      const sources = { alias: sourceAliases, ignoreAnnotations: true, logLevel: 'silent' } as const;
      await build({ ...options, ...sources, stdin: { contents, resolveDir: root, loader: 'ts' } });
      const { stdout } = await run(process.execPath, [join(out, name)], { cwd: out });
      return JSON.parse(stdout);
    }

    it('listens: bundleConfig("node") puts fw/node in the bundle', async () => {
      const outfile = join(out, 'node-server.mjs');
      expect(await serve('node-server.mjs', bundleConfig('node', 'server.ts', { outfile }))).toEqual({ body: 'up' });
    });

    it('without fw/node in the bundle, listen() says how to get an adapter and why none loaded', async () => {
      const outfile = join(out, 'node-bare.mjs');
      const { error } = await serve('node-bare.mjs', { ...bundleConfig('node', 'server.ts', { outfile }), inject: [] });
      expect(error).toMatch(/^listen\(\) needs an adapter: pass new Fw\(\{ adapter \}\) with node\(\) from 'fw\/node'/);
      expect(error).toMatch(/the platform service "adapter" failed to load: Cannot find package 'fw'/);
    });
  });

  it('bundles a worker that workerd runs', async () => {
    const outfile = join(out, 'worker.js');
    await build(bundleConfig('worker', join(entries, 'one-route-worker.ts'), { outfile, conditions: ['source'], logLevel: 'silent' }));
    const mf = new Miniflare({
      cf: false,
      modules: [{ type: 'ESModule', path: 'worker.js', contents: readFileSync(outfile, 'utf8') }],
      compatibilityDate: '2025-01-01',
    });
    try {
      const first = await mf.dispatchFetch('http://localhost/hello');
      expect(await first.json()).toEqual({ hello: 'worker', invocations: 1 });
      const second = await mf.dispatchFetch('http://localhost/hello');
      expect(await second.json()).toEqual({ hello: 'worker', invocations: 2 });
    } finally {
      await mf.dispose();
    }
  });
});

describe('buildCommand()', () => {
  it('spells a target preset as an esbuild command line', () => {
    expect(buildCommand('lambda', 'src/handler.ts')).toBe(
      'esbuild src/handler.ts --bundle --minify --tree-shaking=true --legal-comments=none --platform=node --target=node20 --format=esm --outfile=dist/lambda/index.mjs --define:FW_BUNDLE_DATABASE=false',
    );
    expect(buildCommand('node', 'n.ts')).toContain('--sourcemap --inject:fw/node');
    expect(buildCommand('worker', 'w.ts')).toContain(
      '--conditions=workerd,worker,browser --main-fields=module,main --external:node:* --external:cloudflare:*',
    );
  });

  it('is the command npm run build:lambda uses', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    expect(pkg.scripts['build:lambda']).toBe(buildCommand(bundleConfig('lambda', 'examples/lambda/index.ts', { conditions: ['source'] })));
  });

  it('quotes arguments the shell would split, and produces a command esbuild runs', async () => {
    const outfile = join(out, 'cli.mjs');
    const command = buildCommand(
      bundleConfig('lambda', join(entries, 'one-route-lambda.ts'), {
        outfile,
        conditions: ['source'],
        banner: { js: '// built by fw' },
        logLevel: 'silent',
      }),
    );
    expect(command).toContain("'--banner:js=// built by fw'");
    await run('sh', ['-c', command], {
      cwd: root,
      env: { ...process.env, PATH: `${join(root, 'node_modules/.bin')}:${process.env.PATH}` },
    });
    expect(readFileSync(outfile, 'utf8').startsWith('// built by fw')).toBe(true);
  });

  it('refuses options the command line cannot express', () => {
    expect(() => buildCommand({ ...bundleConfig('node', 'n.ts'), plugins: [] })).toThrow(
      'buildCommand() cannot express the esbuild option "plugins"',
    );
    expect(() => buildCommand({ bundle: true })).toThrow('buildCommand() needs entryPoints as a list of file paths');
  });
});
