/** The document says what the app answers: the route's `status`, 204 without content, and public routes under a global `security`. */
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { Fw, generateSpec, generateTypeScriptClient, healthCheck, openapi, type OpenAPI31Document } from 'fw';

const user = { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] } as const;
const notFound = { type: 'object', properties: { error: { type: 'string' } }, description: 'No such user' } as const;

function statusApp(): Fw {
  const app = new Fw();
  app.get('/users', () => [], { schema: { response: { type: 'array', items: user } } });
  app.post('/users', () => ({ id: 1 }), { status: 201, schema: { body: { type: 'object' }, response: user } });
  app.post('/tokens', () => 'token', { status: 201 });
  app.post('/jobs', () => ({ id: 7 }), { status: 202, schema: { response: { 202: user, 404: notFound } } });
  app.delete('/users/:id', () => undefined, { status: 204 });
  app.put('/users/:id', () => undefined, { status: 204, schema: { response: { type: 'null' } } });
  app.get('/plain', () => 'text');
  return app;
}

async function valid(doc: OpenAPI31Document): Promise<void> {
  const result = await new Validator().validate(doc as never);
  expect(result.errors ?? []).toEqual([]);
}

describe('responses keyed by the route status', () => {
  it('documents a 201 route under 201, a 204 route with no content, and a plain route as 200', async () => {
    const doc = generateSpec(statusApp());
    await valid(doc);
    expect(doc.paths['/users'].post!.responses).toEqual({
      201: { description: 'Created', content: { 'application/json': { schema: user } } },
      400: expect.objectContaining({ description: 'Invalid input' }),
    });
    expect(doc.paths['/tokens'].post!.responses).toEqual({ 201: { description: 'Created' } });
    expect(doc.paths['/jobs'].post!.responses).toEqual({
      202: { description: 'Accepted', content: { 'application/json': { schema: user } } },
      404: { description: 'No such user', content: { 'application/json': { schema: notFound } } },
    });
    expect(doc.paths['/users/{id}'].delete!.responses).toEqual({ 204: { description: 'No content' } });
    expect(doc.paths['/users/{id}'].put!.responses).toEqual({ 204: { description: 'No content' } });
    expect(doc.paths['/users'].get!.responses).toEqual({
      200: { description: 'Successful response', content: { 'application/json': { schema: { type: 'array', items: user } } } },
    });
    expect(doc.paths['/plain'].get!.responses).toEqual({ 200: { description: 'Successful response' } });
    const all = Object.values(doc.paths).flatMap((item) => Object.values(item));
    expect(all.filter((op) => op.responses['200'] !== undefined)).toHaveLength(2);
  });

  it('gives the generated client the body of the documented status, and nothing for a 204', () => {
    const source = generateTypeScriptClient(generateSpec(statusApp()));
    expect(source).toContain('export type PostUsersResult = {\n  id: number;\n};');
    expect(source).toContain('export type DeleteUsersIdResult = undefined;');
    expect(source).toContain('export type PutUsersIdResult = undefined;');
  });

  it('documents the status the app really answers with', async () => {
    const app = statusApp();
    const doc = generateSpec(app);
    const calls: [string, string, Record<string, unknown>?][] = [
      ['GET', '/users'],
      ['POST', '/users', {}],
      ['POST', '/tokens'],
      ['POST', '/jobs'],
      ['DELETE', '/users/1'],
      ['PUT', '/users/1'],
      ['GET', '/plain'],
    ];
    for (const [method, path, body] of calls) {
      const response = await app.request(path, {
        method,
        headers: { 'content-type': 'application/json' },
        body: body && JSON.stringify(body),
      });
      const template = path.replace(/\/1$/, '/{id}');
      const documented = Object.keys(doc.paths[template][method.toLowerCase() as 'get']!.responses).filter((s) => s.startsWith('2'));
      expect([`${method} ${path}`, documented]).toEqual([`${method} ${path}`, [String(response.status)]]);
      if (response.status === 204) expect(await response.text()).toBe('');
    }
  });
});

describe('per-route security under a document-wide requirement', () => {
  async function securedApp(): Promise<Fw> {
    const app = new Fw();
    await app.plugin(healthCheck());
    await app.plugin(openapi({ securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } }, security: [{ bearer: [] }] }));
    app.get('/me', () => ({ id: 1 }));
    app.get('/status', () => 'up', { security: [] });
    app.get('/admin', () => 'ok', { security: [{ bearer: ['admin'] }] });
    return app;
  }

  it('keeps the global requirement on plain routes and lets security: [] and the health probes opt out', async () => {
    const app = await securedApp();
    const doc = (await (await app.request('/openapi')).json()) as OpenAPI31Document;
    await valid(doc);
    expect(doc.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/me'].get!.security).toBeUndefined();
    expect(doc.paths['/admin'].get!.security).toEqual([{ bearer: ['admin'] }]);
    for (const path of ['/status', '/health', '/live', '/ready']) expect([path, doc.paths[path]?.get?.security]).toEqual([path, []]);
  });
});
