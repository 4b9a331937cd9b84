import { describe, expect, it } from 'vitest';
import { Fw, registerYamlFormat, type Context } from 'fw';

const todo = { type: 'object', required: ['title'], properties: { title: { type: 'string' } } };

function makeApp(): Fw {
  const app = new Fw();
  const echo = async (ctx: Context) => ({ got: await ctx.body() });
  app.post('/todos', echo, { schema: { body: todo } });
  app.patch('/todos/:id', echo, { schema: { body: todo } });
  app.put('/todos/:id', echo, { schema: { body: todo } });
  app.get('/search', () => 'ok', { schema: { body: todo } });
  app.post('/free', echo);
  return app;
}

const send = (method: string, body: string | FormData | URLSearchParams | null, type?: string): RequestInit => {
  const init: RequestInit = { method, body };
  if (type !== undefined) init.headers = { 'content-type': type };
  return init;
};

describe('a route with a body schema answers 415 for a body no data format reads', () => {
  it.each([
    ['text', 'text/plain', '{"title":"x"}', 'text/plain'],
    ['text with a charset', 'text/plain; charset=utf-8', '{"title":"x"}', 'text/plain'],
    ['a urlencoded form', 'application/x-www-form-urlencoded', 'title=x', 'application/x-www-form-urlencoded'],
    ['XML', 'application/xml', '<todo><title>x</title></todo>', 'application/xml'],
  ])('%s', async (_name, type, body, named) => {
    const response = await makeApp().request('/todos', send('POST', body, type));
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      error: `Unsupported Media Type: expected application/json, got ${named}`,
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    expect(response.headers.get('accept-post')).toBe('application/json, text/json');
  });

  it('a multipart form (its own boundary) and a string body fetch labels text/plain are 415 too', async () => {
    const form = new FormData();
    form.set('title', 'x');
    const multipart = await makeApp().request('/todos', send('POST', form));
    expect(multipart.status).toBe(415);
    expect((await multipart.json()).error).toBe('Unsupported Media Type: expected application/json, got multipart/form-data');
    const unlabelled = await makeApp().request('/todos', { method: 'POST', body: '{"title":"x"}' });
    expect((await unlabelled.json()).error).toBe('Unsupported Media Type: expected application/json, got text/plain');
  });

  it('a body with no Content-Type at all is 415 (as Fastify answers); no body at all is the 400 of a missing body', async () => {
    const request = new Request('http://localhost/todos', { method: 'POST', body: new TextEncoder().encode('{"title":"x"}') });
    expect(request.headers.get('content-type')).toBeNull();
    const response = await makeApp().fetch(request);
    expect(response.status).toBe(415);
    expect((await response.json()).error).toBe('Unsupported Media Type: expected application/json, got no Content-Type');
    const empty = await makeApp().request('/todos', send('POST', null));
    expect(empty.status).toBe(400);
    expect((await empty.json()).details).toEqual([
      { path: '/body', message: 'body is required (the request has none)', keyword: 'required' },
    ]);
    const emptyText = await makeApp().request('/todos', send('POST', '', 'text/plain'));
    expect(emptyText.status).toBe(400);
  });

  it('PATCH names what it accepts in Accept-Patch; PUT has no such header', async () => {
    const app = makeApp();
    const patch = await app.request('/todos/1', send('PATCH', 'title=x', 'application/x-www-form-urlencoded'));
    expect([patch.status, patch.headers.get('accept-patch'), patch.headers.get('accept-post')]).toEqual([
      415,
      'application/json, text/json',
      null,
    ]);
    const put = await app.request('/todos/1', send('PUT', 'title=x', 'application/x-www-form-urlencoded'));
    expect([put.status, put.headers.get('accept-patch'), put.headers.get('accept-post')]).toEqual([415, null, null]);
  });

  it('accepts JSON with parameters, +json types and registered formats (YAML), and lists them when refusing', async () => {
    const app = makeApp();
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'application/merge-patch+json',
      'text/json',
    ]) {
      const response = await app.request('/todos', send('POST', '{"title":"x"}', type));
      expect([type, response.status]).toEqual([type, 200]);
    }
    await registerYamlFormat(app);
    const yaml = await app.request('/todos', send('POST', 'title: from yaml\n', 'application/yaml'));
    expect(await yaml.json()).toEqual({ got: { title: 'from yaml' } });
    const refused = await app.request('/todos', send('POST', 'title=x', 'application/x-www-form-urlencoded'));
    expect((await refused.json()).error).toBe(
      'Unsupported Media Type: expected application/json or application/yaml, got application/x-www-form-urlencoded',
    );
    expect(refused.headers.get('accept-post')).toBe(
      'application/json, text/json, application/yaml, application/x-yaml, text/yaml, text/x-yaml',
    );
  });

  it('answers in the negotiated format, and leaves routes without a body schema and bodiless methods alone', async () => {
    const app = makeApp();
    await registerYamlFormat(app);
    const yaml = await app.request('/todos', {
      method: 'POST',
      body: 'x',
      headers: { 'content-type': 'text/plain', accept: 'application/yaml' },
    });
    expect([yaml.status, yaml.headers.get('content-type')]).toEqual([415, 'application/yaml; charset=utf-8']);
    expect(await yaml.text()).toContain('code: UNSUPPORTED_MEDIA_TYPE');
    const free = await app.request('/free', send('POST', '{"a":1}', 'text/plain'));
    expect(await free.json()).toEqual({ got: { a: 1 } });
    expect((await app.request('/search')).status).toBe(400);
  });

  it('refuses before reading params and query, and before the handler runs', async () => {
    const app = new Fw();
    let ran = false;
    app.post(
      '/t/:id',
      () => {
        ran = true;
        return 'ran';
      },
      { schema: { params: { type: 'object', properties: { id: { type: 'integer' } } }, body: todo } },
    );
    const response = await app.request('/t/abc', send('POST', 'title=x', 'application/x-www-form-urlencoded'));
    expect(response.status).toBe(415);
    expect(ran).toBe(false);
  });
});
