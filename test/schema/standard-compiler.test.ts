/**
 * `standardSchemaCompiler` on `fw/core`: zod, valibot and arktype request schemas validated through
 * `~standard.validate` on every target, with the JSON Schema compiler's 400 body, and mistakes refused at
 * registration; a worker bundle with it carries no JSON Schema engine.
 */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { Fw } from 'fw/core';
import { jsonSchemaCompiler, standardSchemaCompiler } from 'fw/schema';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeEveryTarget } from '../targets/every-target';

const root = fileURLToPath(new URL('../../', import.meta.url));
const appModule = fileURLToPath(new URL('./fixtures/standard-compiler-app.ts', import.meta.url));

const post = (body?: unknown, type = 'application/json'): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': type },
  body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
});

describeEveryTarget('standardSchemaCompiler', appModule, (client) => {
  for (const library of ['zod', 'valibot', 'arktype']) {
    it(`${library}: hands the handler the library's output (coerced params and query, defaults)`, async () => {
      const valid = { name: 'Ada', email: 'ada@example.com', age: 36 };
      const answer = await client().fetch(`/${library}/users/7?page=3`, post(valid));
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ params: { id: 7 }, query: { page: 3 }, body: valid });
      const defaults = await client().fetch(`/${library}/users/7`, post({ name: 'Ada', email: 'ada@example.com' }));
      expect(await defaults.json()).toEqual({ params: { id: 7 }, query: { page: 1 }, body: { name: 'Ada', email: 'ada@example.com' } });
    });

    it(`${library}: answers every issue in one 400 VALIDATION_ERROR, as the JSON Schema compiler does`, async () => {
      const answer = await client().fetch(`/${library}/users/x?page=0`, post({ name: '', email: 'nope', age: -1 }));
      expect(answer.status).toBe(400);
      const body = await answer.json();
      expect(Object.keys(body).sort()).toEqual(['code', 'details', 'error']);
      expect(body).toMatchObject({ error: 'Validation failed', code: 'VALIDATION_ERROR' });
      const paths = new Set(body.details.map((d: { path: string }) => d.path));
      expect([...paths].sort()).toEqual(['/body/age', '/body/email', '/body/name', '/params/id', '/query/page']);
      for (const detail of body.details) {
        expect(Object.keys(detail).sort()).toEqual(['keyword', 'message', 'path']);
        expect(detail.keyword).toBe('standard-schema');
        expect(detail.message.startsWith(`${detail.path.slice(1).replace('/', '.')}: `)).toBe(true);
      }
    });

    it(`${library}: a missing body is "body is required", a form body a 415, broken JSON a 400`, async () => {
      const missing = await (await client().fetch(`/${library}/users/7`, post())).json();
      expect(missing.details).toEqual([{ path: '/body', message: 'body is required (the request has none)', keyword: 'required' }]);
      const form = await client().fetch(`/${library}/users/7`, post('name=Ada', 'application/x-www-form-urlencoded'));
      expect([form.status, (await form.json()).code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
      const broken = await client().fetch(`/${library}/users/7`, post('{"name":'));
      expect(broken.status).toBe(400);
    });
  }
});

describe('standardSchemaCompiler refuses at registration what it cannot run', () => {
  const app = () => new Fw().setSchemaCompiler(standardSchemaCompiler);

  const refusal = (route: string, part: string) =>
    new RegExp(
      `^Route ${route} ${part}: standardSchemaCompiler runs only Standard Schema request parts; use jsonSchemaCompiler from 'fw/schema'$`,
    );

  it('a JSON schema request part, naming the route and the part, and pointing at jsonSchemaCompiler', () => {
    expect(() => app().post('/a', () => 'ok', { schema: { body: { type: 'object' } } })).toThrow(refusal('POST /a', 'body'));
    expect(() => app().get('/a/:id', () => 'ok', { schema: { params: { type: 'object' } } })).toThrow(refusal('GET /a/:id', 'params'));
  });

  it('serializers, an unknown part, and a value without ~standard.validate', () => {
    expect(() => app().get('/a', () => 'ok', { serializers: { 'text/csv': { type: 'object' } } })).toThrow(
      refusal('GET /a', 'serializers'),
    );
    expect(() => app().get('/a', () => 'ok', { schema: { querystring: z.object({}) } as never })).toThrow(refusal('GET /a', 'querystring'));
    const broken = { '~standard': { version: 1, vendor: 'x' } };
    expect(() => app().post('/a', () => 'ok', { schema: { body: broken as never } })).toThrow(refusal('POST /a', 'body'));
  });

  it('a compiler set after the route was registered still refuses when the route is compiled', async () => {
    const late = new Fw().setSchemaCompiler(jsonSchemaCompiler);
    late.post('/a', () => 'ok', { schema: { body: { type: 'object' } } });
    late.setSchemaCompiler(standardSchemaCompiler);
    expect(() => late.compile()).toThrow(refusal('POST /a', 'body'));
  });

  it('response schemas are not run, so a JSON Schema or a status map of either kind is accepted', async () => {
    const a = app().get('/a', () => ({ n: 1 }), {
      schema: { response: { 200: z.object({ n: z.number() }), 404: { type: 'object' } } as never },
    });
    expect(await (await a.request('/a')).json()).toEqual({ n: 1 });
  });

  it('a Standard Schema response types and documents the route; the body is written as JSON', async () => {
    const a = app().get('/a', () => ({ n: 1, extra: true }), { schema: { response: z.object({ n: z.number() }) } });
    const answer = await a.request('/a');
    expect([answer.status, await answer.json()]).toEqual([200, { n: 1, extra: true }]);
  });

  it('an async refinement is awaited', async () => {
    const a = app().post('/a', async (ctx) => ctx.body(), {
      schema: { body: z.object({ code: z.string().refine(async (s) => s === 'ok', 'wrong code') }) },
    });
    expect((await a.request('/a', post({ code: 'ok' }))).status).toBe(200);
    const refused = await (await a.request('/a', post({ code: 'no' }))).json();
    expect(refused.details).toEqual([{ path: '/body/code', message: 'body.code: wrong code', keyword: 'standard-schema' }]);
  });
});

describe('a fw/core worker with standardSchemaCompiler', () => {
  it('carries no JSON Schema engine, serializer compiler or meta-schema check', async () => {
    const result = await build({
      stdin: {
        contents: [
          "import { Fw } from 'fw/core';",
          "import { standardSchemaCompiler } from 'fw/schema';",
          "import * as v from 'valibot';",
          'const app = new Fw().setSchemaCompiler(standardSchemaCompiler);',
          "app.post('/users', (ctx) => ctx.body(), { schema: { body: v.object({ name: v.string() }) } });",
          'export default { fetch: (r) => app.fetch(r) };',
        ].join('\n'),
        resolveDir: root,
        loader: 'ts',
      },
      bundle: true,
      format: 'esm',
      platform: 'neutral',
      mainFields: ['module', 'main'],
      conditions: ['workerd', 'worker', 'browser'],
      write: false,
      metafile: true,
      tsconfig: `${root}tsconfig.json`,
      logLevel: 'silent',
    });
    const [output] = Object.values(result.metafile.outputs);
    const inputs = Object.entries(output.inputs)
      .filter(([, used]) => used.bytesInOutput > 0)
      .map(([file]) => file);
    expect(inputs.some((f) => f.includes('@cfworker/json-schema'))).toBe(false);
    const schemaFiles = inputs.filter((f) => f.startsWith('src/schema/')).sort();
    expect(schemaFiles).toEqual([
      'src/schema/json-pointer.ts',
      'src/schema/media-type.ts',
      'src/schema/request-validator.ts',
      'src/schema/standard-compiler.ts',
      'src/schema/standard-validation.ts',
      'src/schema/validation-exception.ts',
    ]);
  });

  it('the JSON Schema compiler still refuses what it refused', () => {
    expect(() =>
      new Fw().setSchemaCompiler(jsonSchemaCompiler).post('/a', () => 'ok', { schema: { body: { type: 'nope' } as never } }),
    ).toThrow(/POST \/a schema\.body/);
  });
});
