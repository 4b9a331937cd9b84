import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Miniflare } from 'miniflare';
import { parse as parseYaml } from 'yaml';
import { bundleFixture } from './bundle';

let mf: Miniflare;

beforeAll(async () => {
  const script = await bundleFixture('schema-worker.ts');
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

const post = (body: string, accept: string, type = 'application/json') => ({
  method: 'POST',
  body,
  headers: { accept, 'content-type': type },
});

describe('validation, compiled serialization and YAML inside workerd', () => {
  it('workerd refuses code generation from strings (so passing routes prove fw needs none)', async () => {
    const body = (await (await mf.dispatchFetch('http://localhost/codegen')).json()) as { allowed: boolean; error?: string };
    expect(body.allowed).toBe(false);
    expect(body.error).toMatch(/code generation|disallowed/i);
  });

  it('validates and coerces params, query and body, and serializes through the response schema in JSON', async () => {
    const response = await mf.dispatchFetch('http://localhost/items/7?tag=a&tag=b', post('{"name":"pen"}', 'application/json'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.text()).toBe('{"id":7,"name":"pen","tags":["a","b"],"limit":10}');
  });

  it('negotiates YAML for the same route, request body in YAML too', async () => {
    const response = await mf.dispatchFetch(
      'http://localhost/items/7?tag=x&limit=3',
      post('name: pen', 'application/yaml', 'application/yaml'),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/yaml; charset=utf-8');
    expect(parseYaml(await response.text())).toEqual({ id: 7, name: 'pen', tags: ['x'], limit: 3 });
  });

  it('answers invalid input with a 400 in the negotiated format', async () => {
    const response = await mf.dispatchFetch('http://localhost/items/0', post('name: ""', 'application/yaml', 'application/yaml'));
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/yaml; charset=utf-8');
    expect(parseYaml(await response.text())).toEqual({
      error: 'Validation failed',
      code: 'VALIDATION_ERROR',
      details: [
        { path: '/params/id', message: 'params.id must be >= 1, got 0', keyword: 'minimum' },
        { path: '/body/name', message: 'body.name must be at least 1 character long, got ""', keyword: 'minLength' },
      ],
    });
    const broken = await mf.dispatchFetch('http://localhost/items/1', post('a: [1', 'application/json', 'application/yaml'));
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { code: string }).code).toBe('INVALID_BODY');
  });

  it('round-trips the cache codec (devalue, base64 of bytes) in workerd', async () => {
    const response = await mf.dispatchFetch('http://localhost/codec');
    expect(await response.json()).toEqual({ at: '1970-01-01T00:00:00.000Z', big: String(2n ** 70n), bytes: [1, 2, 255], hasGone: true });
  });

  it('runs validateAndCoerce directly', async () => {
    const response = await mf.dispatchFetch('http://localhost/coerce?n=2.5');
    expect(await response.json()).toEqual({ valid: true, value: { n: 2.5 }, errors: [] });
  });
});
