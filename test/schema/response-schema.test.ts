import { beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { Fw, compileResponseSerializer, registerYamlFormat, wrapWithResponseSerializer, type Context } from 'fw';

const user = { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } };
const problem = { type: 'object', properties: { message: { type: 'string' } } };
const full = { id: 1, name: 'Ann', password: 'secret', message: 'hello' };

describe('compileResponseSerializer', () => {
  it('matches the exact status first, then Nxx, then default', () => {
    const pick = compileResponseSerializer({
      200: user,
      '2xx': problem,
      404: problem,
      default: { type: 'object', properties: { name: { type: 'string' } } },
    });
    expect(pick(200)!(full)).toBe('{"id":1,"name":"Ann"}');
    expect(pick(201)!(full)).toBe('{"message":"hello"}');
    expect(pick(404)!(full)).toBe('{"message":"hello"}');
    expect(pick(500)!(full)).toBe('{"name":"Ann"}');
  });

  it('returns null when no key matches, and treats a plain schema as one for every status', () => {
    expect(compileResponseSerializer({ 200: user })(500)).toBeNull();
    const single = compileResponseSerializer(user);
    expect(single(200)!(full)).toBe('{"id":1,"name":"Ann"}');
    expect(single(503)!(full)).toBe('{"id":1,"name":"Ann"}');
  });

  it('refuses a response option that is not an object', () => {
    expect(() => compileResponseSerializer(null as any)).toThrow(TypeError);
  });
});

describe('schema.response on routes', () => {
  const app = new Fw();
  beforeAll(() => registerYamlFormat(app));
  app.get('/user', () => full, { schema: { response: user } });
  app.get(
    '/status',
    (ctx: Context) => {
      ctx.status(201).setHeader('x-extra', 'yes');
      ctx.setCookie('sid', 'abc');
      ctx.setCookie('theme', 'dark');
      return full;
    },
    { schema: { response: { 201: user, '4xx': problem } } },
  );
  app.get('/missing', (ctx: Context) => ctx.status(404) && full, { schema: { response: { 200: user, '4xx': problem } } });
  app.get('/unmatched', (ctx: Context) => ctx.status(500) && full, { schema: { response: { 200: user } } });
  app.get('/text', () => 'plain text', { schema: { response: user } });
  app.get('/raw', () => new Response('raw', { status: 202 }), { schema: { response: user } });
  app.get('/blob', () => new Blob(['bytes'], { type: 'application/x-custom' }), { schema: { response: user } });
  app.get('/null', () => null, { schema: { response: user } });
  app.get('/list', () => [full, full], { schema: { response: { type: 'array', items: user } } });
  app.get('/const', full, { schema: { response: user } });

  it('serializes object results through the compiled serializer, dropping unlisted properties', async () => {
    const response = await app.request('/user');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.text()).toBe('{"id":1,"name":"Ann"}');
    expect(await (await app.request('/list')).text()).toBe('[{"id":1,"name":"Ann"},{"id":1,"name":"Ann"}]');
    expect(await (await app.request('/const')).text()).toBe('{"id":1,"name":"Ann"}');
  });

  it('keeps ctx.status(), headers and every cookie', async () => {
    const response = await app.request('/status');
    expect(response.status).toBe(201);
    expect(response.headers.get('x-extra')).toBe('yes');
    expect(response.headers.getSetCookie()).toEqual(['sid=abc', 'theme=dark'].map((c) => expect.stringContaining(c)));
    expect(await response.text()).toBe('{"id":1,"name":"Ann"}');
  });

  it('picks the schema by status class and falls back to plain JSON when none matches', async () => {
    const missing = await app.request('/missing');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('{"message":"hello"}');
    const unmatched = await app.request('/unmatched');
    expect(unmatched.status).toBe(500);
    expect(await unmatched.json()).toEqual(full);
  });

  it('passes strings, Responses, Blobs and null through untouched', async () => {
    const text = await app.request('/text');
    expect(text.headers.get('content-type')).toMatch(/^text\/plain; ?charset=utf-8$/i);
    expect(await text.text()).toBe('plain text');
    const raw = await app.request('/raw');
    expect(raw.status).toBe(202);
    expect(await raw.text()).toBe('raw');
    const blob = await app.request('/blob');
    expect(blob.headers.get('content-type')).toBe('application/x-custom');
    expect(await blob.text()).toBe('bytes');
    expect((await app.request('/null')).status).toBe(204);
  });

  it('writes the schema-filtered value in YAML when Accept asks for it', async () => {
    const response = await app.request('/status', { headers: { accept: 'application/yaml' } });
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('application/yaml; charset=utf-8');
    expect(response.headers.getSetCookie()).toHaveLength(2);
    expect(parseYaml(await response.text())).toEqual({ id: 1, name: 'Ann' });
  });
});

describe('route option serializers', () => {
  const app = new Fw();
  beforeAll(() => registerYamlFormat(app));
  app.get('/report', () => full, {
    schema: { response: user },
    serializers: {
      'text/csv': (value) => `id,name\n${(value as typeof full).id},${(value as typeof full).name}\n`,
      'application/vnd.public+json': { type: 'object', properties: { name: { type: 'string' } } },
    },
  });
  app.get('/only-media', () => full, { serializers: { 'text/csv': () => 'a,b\n' } });

  it('chooses the serializer named by Accept', async () => {
    const csv = await app.request('/report', { headers: { accept: 'text/csv' } });
    expect(csv.headers.get('content-type')).toBe('text/csv');
    expect(await csv.text()).toBe('id,name\n1,Ann\n');
    const vendor = await app.request('/report', { headers: { accept: 'application/vnd.public+json' } });
    expect(vendor.headers.get('content-type')).toBe('application/vnd.public+json');
    expect(await vendor.text()).toBe('{"name":"Ann"}');
  });

  it('honours quality values and wildcards among the serializers', async () => {
    const preferred = await app.request('/report', { headers: { accept: 'text/csv;q=0.2, application/vnd.public+json;q=0.9' } });
    expect(await preferred.text()).toBe('{"name":"Ann"}');
    const wildcard = await app.request('/report', { headers: { accept: 'text/*' } });
    expect(await wildcard.text()).toBe('id,name\n1,Ann\n');
    const excluded = await app.request('/report', { headers: { accept: 'text/csv;q=0, application/json' } });
    expect(await excluded.text()).toBe('{"id":1,"name":"Ann"}');
  });

  it('falls back to the response schema, or the default format, when Accept names none of them', async () => {
    expect(await (await app.request('/report')).text()).toBe('{"id":1,"name":"Ann"}');
    expect(await (await app.request('/report', { headers: { accept: '*/*' } })).text()).toBe('{"id":1,"name":"Ann"}');
    expect(await (await app.request('/only-media', { headers: { accept: 'application/json' } })).json()).toEqual(full);
  });

  it('refuses a serializers entry that is neither a schema nor a function, at registration', () => {
    const bad = new Fw();
    expect(() => bad.get('/x', () => full, { serializers: { 'text/csv': 'nope' as any } })).toThrow('GET /x serializers["text/csv"]');
  });
});

describe('wrapWithResponseSerializer', () => {
  it('serializes object results of a handler and keeps what it set on the context', async () => {
    const app = new Fw();
    const handler = wrapWithResponseSerializer(
      (ctx: Context) => {
        ctx.status(202).setHeader('x-wrapped', 'yes');
        ctx.setCookie('a', '1');
        return full;
      },
      { response: { '2xx': user } },
    );
    app.get('/wrapped', handler);
    const response = await app.request('/wrapped');
    expect(response.status).toBe(202);
    expect(response.headers.getSetCookie()).toEqual([expect.stringContaining('a=1')]);
    expect(response.headers.get('x-wrapped')).toBe('yes');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.text()).toBe('{"id":1,"name":"Ann"}');
  });

  it('passes non-object results and unmatched statuses through', async () => {
    const app = new Fw();
    app.get(
      '/s',
      wrapWithResponseSerializer(() => 'str', { response: user }),
    );
    app.get(
      '/async',
      wrapWithResponseSerializer(async () => full, { response: { 404: user } }),
    );
    expect(await (await app.request('/s')).text()).toBe('str');
    expect(await (await app.request('/async')).json()).toEqual(full);
    const same = () => full;
    expect(wrapWithResponseSerializer(same, {})).toBe(same);
  });
});
