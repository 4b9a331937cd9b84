import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Miniflare } from 'miniflare';
import { bundleFixture } from './bundle';

let mf: Miniflare;

beforeAll(async () => {
  const script = await bundleFixture('standard-worker.ts');
  mf = new Miniflare({
    cf: false,
    compatibilityDate: '2026-04-01',
    host: '127.0.0.1',
    port: 0,
    modules: [{ type: 'ESModule', path: 'worker.mjs', contents: script }],
  });
  await mf.ready;
});

afterAll(async () => {
  await mf?.dispose();
});

const post = (body: string) => ({ method: 'POST', body, headers: { 'content-type': 'application/json' } });

describe('zod route schemas inside workerd', () => {
  it('runs where code generation from strings is refused', async () => {
    const body = (await (await mf.dispatchFetch('http://localhost/codegen')).json()) as { allowed: boolean };
    expect(body.allowed).toBe(false);
  });

  it('validates through ~standard.validate and hands the handler zod output (coerced params and query, defaults)', async () => {
    const response = await mf.dispatchFetch('http://localhost/items/7?page=3', post('{"name":"pen"}'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: 7, page: 3, body: { name: 'pen', tags: [] } });
  });

  it('answers zod issues with fw 400', async () => {
    const response = await mf.dispatchFetch('http://localhost/items/x?page=0', post('{"name":""}'));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; details: { path: string; keyword: string }[] };
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.details.map((e) => e.path)).toEqual(['/params/id', '/query/page', '/body/name']);
    expect(body.details.every((e) => e.keyword === 'standard-schema')).toBe(true);
  });
});
