import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { Fw, collectRoutes, extractDocComments, generateSpec, openapi, specToJSON, type OpenAPI31Document } from 'fw';
import { documentedApp } from './fixture-app';

async function served(app: Fw, path = '/openapi'): Promise<OpenAPI31Document> {
  const response = await app.request(path);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('application/json');
  return response.json();
}

describe('generateSpec / openapi()', () => {
  it('serves a document that validates against the OpenAPI 3.1 schema', async () => {
    const doc = await served(documentedApp());
    const validator = new Validator();
    const result = await validator.validate(doc as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('documents every visible route, group routes included, and leaves out hidden ones and its own', async () => {
    const doc = await served(documentedApp());
    expect(Object.keys(doc.paths).sort()).toEqual(['/echo/{wildcard}', '/health', '/legacy/search', '/users', '/users/{id}']);
    expect(Object.keys(doc.paths['/users']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/echo/{wildcard}']).sort()).toEqual(['delete', 'get', 'patch', 'post', 'put']);
  });

  it('documents file routes (from a route manifest) with their config export', async () => {
    const app = new Fw();
    await app.fromFileRoutes({
      manifest: {
        'users/[id].ts': {
          default: () => ({}),
          config: { tags: ['files'], summary: 'A user', schema: { params: { type: 'object', properties: { id: { type: 'integer' } } } } },
        },
        'files/[...path].ts': { get: () => 'file' },
        '(auth)/login.ts': {
          post: () => ({}),
          config: { post: { schema: { body: { type: 'object', required: ['user'], properties: { user: { type: 'string' } } } } } },
        },
      },
    });
    app.plugin(openapi());
    const doc = await served(app);
    expect(Object.keys(doc.paths).sort()).toEqual(['/files/{wildcard}', '/login', '/users/{id}']);
    expect(doc.paths['/users/{id}'].get).toMatchObject({
      tags: ['files'],
      summary: 'A user',
      parameters: [{ name: 'id', in: 'path', schema: { type: 'integer' } }],
    });
    expect(doc.paths['/login'].post!.requestBody!.content['application/json'].schema.required).toEqual(['user']);
    expect((await new Validator().validate(doc as never)).valid).toBe(true);
  });

  it('carries info, servers, tags, security schemes and per-operation security', async () => {
    const doc = await served(documentedApp());
    expect(doc.info).toEqual({ title: 'Users API', version: '2.0.0', description: 'Example documented API' });
    expect(doc.servers).toEqual([{ url: 'http://127.0.0.1:8787' }]);
    expect(doc.tags).toEqual([{ name: 'ops' }, { name: 'users' }]);
    expect(doc.components?.securitySchemes).toEqual({ bearer: { type: 'http', scheme: 'bearer' } });
    expect(doc.paths['/users'].post?.security).toEqual([{ bearer: [] }]);
  });

  it('builds parameters, request bodies and responses from the route schemas', async () => {
    const doc = await served(documentedApp());
    const list = doc.paths['/users'].get!;
    expect(list.parameters).toEqual([
      {
        name: 'limit',
        in: 'query',
        required: false,
        description: 'Page size',
        schema: { type: 'integer', minimum: 1, maximum: 100, description: 'Page size' },
      },
    ]);
    expect(list.responses['200'].content?.['application/json'].schema.properties.users.type).toBe('array');
    expect(list.responses['400'].description).toBe('Invalid input');
    const get = doc.paths['/users/{id}'].get!;
    expect(get.operationId).toBe('getUser');
    expect(get.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }]);
    expect(get.responses['404'].description).toBe('No such user');
    const create = doc.paths['/users'].post!;
    expect(create.requestBody).toEqual({
      required: true,
      content: { 'application/json': { schema: expect.objectContaining({ required: ['name'] }) } },
    });
    expect(create.parameters).toEqual([{ name: 'x-request-id', in: 'header', required: false, schema: { type: 'string' } }]);
    expect(Object.keys(create.responses).sort()).toEqual(['201', '400']);
    const wildcard = doc.paths['/echo/{wildcard}'].get!;
    expect(wildcard.parameters).toEqual([{ name: 'wildcard', in: 'path', required: true, schema: { type: 'string' } }]);
    expect(wildcard.responses).toEqual({ 200: { description: 'Successful response' } });
  });

  it('takes summary, description and deprecated from route options and doc comments', async () => {
    const doc = await served(documentedApp());
    expect(doc.paths['/health'].get).toMatchObject({
      summary: 'Liveness probe',
      description: 'Answers 200 while the process runs.',
      tags: ['ops'],
    });
    expect(doc.paths['/legacy/search'].get).toMatchObject({ deprecated: true, description: 'Use GET /users instead.' });
    expect(doc.paths['/users'].get!.deprecated).toBeUndefined();
  });

  it('gives every operation a unique operationId', async () => {
    const doc = await served(documentedApp());
    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op!.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('getHealth');
    expect(ids).toContain('getEcho');
  });

  it('sets app state fw:openapi to a function returning the current document', async () => {
    const app = documentedApp();
    await app.ready();
    const get = app.state<() => OpenAPI31Document>('fw:openapi')!;
    expect(get().info.title).toBe('Users API');
    app.get('/late', () => 'late');
    expect(Object.keys(get().paths)).toContain('/late');
    expect(Object.keys((await served(app)).paths)).toContain('/late');
  });

  it('serves at custom paths and can leave out the page', async () => {
    const app = new Fw().get('/a', () => 'a');
    app.plugin(openapi({ path: '/spec.json/', uiPath: false }));
    expect(Object.keys((await served(app, '/spec.json')).paths)).toEqual(['/a']);
    expect((await app.request('/docs')).status).toBe(404);
  });

  it('serves the page and its own assets, at the root too', async () => {
    const app = new Fw().get('/a', () => 'a');
    app.plugin(openapi({ uiPath: '/', title: 'Root <docs>' }));
    const page = await app.request('/');
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('<title>Root &#60;docs&#62;</title>');
    expect(html).toContain('<script src="/docs.js" defer></script>');
    expect(html).toContain('<link rel="stylesheet" href="/docs.css">');
    expect(html).not.toMatch(/https?:\/\//);
    expect((await app.request('/docs.js')).headers.get('content-type')).toContain('text/javascript');
    expect((await app.request('/docs.css')).headers.get('content-type')).toContain('text/css');
    expect((await app.request('/docs/nope')).status).toBe(404);
  });

  it('rejects bad options with a message', () => {
    expect(() => openapi({ path: 'openapi' })).toThrow(/"path" must be a path starting with "\/"/);
    expect(() => openapi({ uiPath: 42 as never })).toThrow(/"uiPath" must be a path/);
    expect(() => openapi({ path: '/x', uiPath: '/x' })).toThrow(/different paths/);
  });

  it('works on a route list and serializes with specToJSON', () => {
    const app = new Fw()
      .get('/', () => 'root')
      .post('/items/:id', () => 'ok', { operationId: 'same' })
      .put('/other', () => 'ok', { operationId: 'same' });
    expect(collectRoutes(app).map((r) => `${r.method} ${r.openapiPath} ${r.pathParams.join(',')}`)).toEqual([
      'GET / ',
      'POST /items/{id} id',
      'PUT /other ',
    ]);
    const doc = generateSpec(app.getRoutes());
    expect(doc.paths['/'].get!.operationId).toBe('getRoot');
    expect([doc.paths['/items/{id}'].post!.operationId, doc.paths['/other'].put!.operationId]).toEqual(['same', 'same2']);
    expect(JSON.parse(specToJSON(doc))).toEqual(doc);
    expect(specToJSON(doc, 0)).not.toContain('\n');
  });
});

describe('document data', () => {
  it('shares no object with the routes or between operations', () => {
    const body = { type: 'object', properties: { a: { type: 'string' } } };
    const app = new Fw().post('/a', () => 1, { schema: { body } }).post('/b', () => 1, { schema: { body } });
    const doc = generateSpec(app);
    const a = doc.paths['/a'].post!;
    const b = doc.paths['/b'].post!;
    expect(a.requestBody!.content['application/json'].schema).toEqual(body);
    expect(a.requestBody!.content['application/json'].schema).not.toBe(body);
    expect(a.requestBody!.content['application/json'].schema).not.toBe(b.requestBody!.content['application/json'].schema);
    expect(a.responses['400']).not.toBe(b.responses['400']);
    a.requestBody!.content['application/json'].schema.properties.a.type = 'number';
    expect(body.properties.a.type).toBe('string');
  });
});

describe('extractDocComments', () => {
  it('reads the doc comment before each route call', () => {
    const source = [
      '/** Lists users.',
      ' *',
      ' * Paginated with ?limit.',
      ' * @returns users',
      ' */',
      "app.get('/users', list);",
      '// not a doc comment',
      "app.post('/users', create);",
      '/** Removes one. */',
      'app',
      '  .delete("/users/:id", remove);',
    ].join('\n');
    expect(extractDocComments(source)).toEqual({
      'GET /users': 'Lists users.\n\nPaginated with ?limit.',
      'DELETE /users/:id': 'Removes one.',
    });
    const doc = generateSpec(
      new Fw().get('/users', () => []),
      { docComments: extractDocComments(source) },
    );
    expect(doc.paths['/users'].get).toMatchObject({ summary: 'Lists users.', description: 'Paginated with ?limit.' });
  });

  it('never attaches a comment to a route call further down', () => {
    const source = "/** The limit. */\nconst limit = 10;\n/** Health. */\napp.get('/health', h);\n/** Orphan */ run();\napp.get('/x', x);";
    expect(extractDocComments(source)).toEqual({ 'GET /health': 'Health.' });
  });
});
