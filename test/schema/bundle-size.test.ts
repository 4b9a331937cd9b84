/**
 * Size guards of the validated `POST /users` workers of bench/bundle (the same app files), built here with the bench's
 * esbuild worker recipe and compared gzip -9 with their peers built in the same test: fw/core + standardSchemaCompiler
 * + valibot no larger than hono + @hono/standard-validator + valibot, and fw/core with a JSON Schema compiler of
 * request validation only at most 1.3x hono + @cfworker/json-schema. Sizes are deterministic, so this is a test and
 * not a bench; bench/RESULTS.md "bundle" has the packed-package figures.
 */
import { describe, expect, it } from 'vitest';
import { workerBundleFacts } from '../targets/worker/helpers';

/** A bench/bundle app bundled with the worker recipe (fw resolved to its sources): gzip -9 bytes and the files with code in it. */
function worker(app: string): Promise<{ gzip: number; inputs: string[] }> {
  return workerBundleFacts({ entry: `bench/bundle/apps/${app}.ts` });
}

const schemaFiles = (inputs: string[]): string[] => inputs.filter((file) => file.startsWith('src/schema/')).sort();

describe('the validated POST /users worker bundles', () => {
  it('fw/core + standardSchemaCompiler + valibot is no larger than hono + @hono/standard-validator + valibot', async () => {
    const [fw, hono] = await Promise.all([worker('fw-core-valibot'), worker('hono-valibot')]);
    expect(fw.gzip, `fw/core ${fw.gzip} B against hono ${hono.gzip} B`).toBeLessThanOrEqual(hono.gzip);
  });

  it('fw/core + createJsonSchemaCompiler() is at most 1.3x hono + @cfworker/json-schema, without the parts it does not use', async () => {
    const [fw, all, hono] = await Promise.all([worker('fw-core-json-schema'), worker('fw-core-json-schema-all'), worker('hono-cfworker')]);
    expect(fw.gzip, `fw/core ${fw.gzip} B against hono ${hono.gzip} B`).toBeLessThanOrEqual(hono.gzip * 1.3);
    const parts = [
      'src/schema/meta-check.ts',
      'src/schema/quick-check.ts',
      'src/schema/response-serializer.ts',
      'src/schema/schema-shape.ts',
      'src/schema/serializer.ts',
    ];
    for (const part of parts) {
      expect(schemaFiles(fw.inputs)).not.toContain(part);
      expect(schemaFiles(all.inputs)).toContain(part);
    }
    expect(all.gzip - fw.gzip, 'the parts jsonSchemaCompiler adds').toBeGreaterThan(5000);
  });
});
