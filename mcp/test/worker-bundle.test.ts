/**
 * What the fw + fw-mcp worker of bench/mcp (`workers/fw-mcp.ts`, an app without `metrics()`) bundles of fw/metrics,
 * built with the bench's esbuild worker recipe: only the state key `fw/serverless/status` reads the metrics reader
 * under, never the module that reads and sums them; and an app that registers `metrics()` bundles that module.
 */
import { describe, expect, it } from 'vitest';
import { root, workerBundleFacts } from '../../test/targets/worker/helpers';

/** The files of fw/metrics with code in the worker bundle of `source` (fw and fw-mcp resolved to their sources). */
async function metricsFiles(source: string): Promise<string[]> {
  const { inputs } = await workerBundleFacts({ source, resolveDir: `${root}bench/mcp/workers` });
  return inputs.filter((file) => file.startsWith('src/metrics/')).sort();
}

describe('fw/metrics in the fw-mcp worker bundle', () => {
  it('holds only the state key when the app has no metrics(), and the reader when it has', async () => {
    const without = await metricsFiles("export { default } from './fw-mcp';");
    expect(without).toEqual(['src/metrics/plugin.ts']);
    const withMetrics = await metricsFiles(
      "import { Fw } from 'fw'; import { metrics } from 'fw/metrics'; import { createMCPPlugin, createMCPServer } from 'fw-mcp';\n" +
        'const app = new Fw(); await app.plugin(metrics()); await app.plugin(createMCPPlugin(createMCPServer(null)));\n' +
        'export default { fetch: (request: Request) => app.fetch(request) };',
    );
    expect(withMetrics).toEqual(expect.arrayContaining(['src/metrics/plugin.ts', 'src/metrics/read.ts', 'src/metrics/summary.ts']));
  });
});
