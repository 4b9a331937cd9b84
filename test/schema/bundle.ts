/** Bundles a fixture with esbuild the way the worker target does (fw resolved to its sources through tsconfig paths). */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The bundled ES module text of a fixture under test/schema/fixtures/. */
export async function bundleFixture(name: string, minify = false): Promise<string> {
  const result = await build({
    entryPoints: [`${root}test/schema/fixtures/${name}`],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    conditions: ['workerd', 'worker', 'browser'],
    target: 'es2022',
    minify,
    write: false,
    tsconfig: `${root}tsconfig.json`,
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}
