/**
 * The kernel's size guard (issue #19, required): a one-route worker on `fw/core` bundles no larger than the same app
 * on Hono, both built here with the bench's esbuild worker recipe (bench/bundle) and compared gzip -9. Sizes are
 * deterministic, so this is a test and not a bench; bench/RESULTS.md "bundle" has the packed-package figures.
 */
import { describe, expect, it } from 'vitest';
import { workerBundleFacts } from '../targets/worker/helpers';

/** The gzip -9 size of a worker entry bundled with the worker recipe, and the files with code in the output. */
function workerBundle(entry: string): Promise<{ gzip: number; inputs: string[] }> {
  return workerBundleFacts({ source: entry, tsconfigRaw: '{"compilerOptions":{"target":"ES2022","useDefineForClassFields":true}}' });
}

describe('the fw/core one-route worker bundle', () => {
  it('is no larger than the same app on hono, and carries only the kernel', async () => {
    const fw = await workerBundle(
      "import { Fw } from './src/core/index.ts'; const app = new Fw(); app.get('/', () => 'Hello'); export default app;",
    );
    const hono = await workerBundle(
      "import { Hono } from 'hono'; const app = new Hono(); app.get('/', (c) => c.text('Hello')); export default app;",
    );
    expect(fw.gzip, `fw/core ${fw.gzip} B against hono ${hono.gzip} B`).toBeLessThanOrEqual(hono.gzip);
    expect(fw.inputs.filter((file) => !file.startsWith('src/core/') && file !== '<stdin>')).toEqual([]);
    expect(fw.inputs).not.toContain('src/core/route-matcher.ts');
  });
});
