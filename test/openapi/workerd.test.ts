/** openapi(), rpc() and the testing helpers inside workerd (no Node APIs, no code generation from strings). */
import { Validator } from '@seriousme/openapi-schema-validator';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRPCClient, type OpenAPI31Document } from 'fw';
import type { actions } from './fixtures/worker';

const root = fileURLToPath(new URL('../../', import.meta.url));
let mf: Miniflare;
let base: string;

beforeAll(async () => {
  // Bundled as wrangler does (platform browser), so dependencies' `browser` fields apply.
  const result = await build({
    entryPoints: [`${root}test/openapi/fixtures/worker.ts`],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['workerd', 'worker', 'browser'],
    target: 'es2022',
    write: false,
    tsconfig: `${root}tsconfig.json`,
    logLevel: 'silent',
  });
  mf = new Miniflare({
    cf: false,
    compatibilityDate: '2026-04-01',
    host: '127.0.0.1',
    port: 0,
    modules: [{ type: 'ESModule', path: 'worker.mjs', contents: result.outputFiles[0].text }],
  });
  base = (await mf.ready).href.replace(/\/$/, '');
});

afterAll(async () => {
  await mf?.dispose();
});

describe('inside workerd', () => {
  it('serves a valid OpenAPI 3.1 document and the docs page with its assets', async () => {
    const doc = (await (await fetch(`${base}/openapi`)).json()) as OpenAPI31Document;
    expect(await new Validator().validate(doc as never)).toEqual({ valid: true });
    expect(doc.info).toEqual({ title: 'Worker API', version: '0.1.0' });
    expect(Object.keys(doc.paths).sort()).toEqual(['/hello/{name}', '/rpc/add', '/self-test']);
    const page = await fetch(`${base}/docs`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('/docs/docs.js');
    const script = await fetch(`${base}/docs/docs.js`);
    expect(script.status).toBe(200);
    expect(await script.text()).toContain('fw-docs-config');
  });

  it('answers RPC calls from the typed client, with validation errors as RPCActionError', async () => {
    const api = createRPCClient<typeof actions>(base);
    expect(await api.add({ a: 20, b: 22 })).toBe(42);
    await expect(api.add({ a: 1 } as never)).rejects.toMatchObject({ name: 'RPCActionError', status: 400, code: 'VALIDATION_ERROR' });
  });

  it('runs testClient and its assertions in the worker', async () => {
    expect(await (await fetch(`${base}/self-test`)).json()).toEqual({ status: 200, failed: 'Expected status 201, got 200' });
  });
});
