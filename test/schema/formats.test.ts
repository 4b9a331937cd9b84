import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import {
  Fw,
  getFormat,
  jsonFormat,
  listFormats,
  negotiateFormat,
  registerFormat,
  registerYamlFormat,
  HttpError,
  type Context,
  type DataFormat,
} from 'fw';

const csv: DataFormat = {
  name: 'csv',
  contentTypes: ['text/csv'],
  extensions: ['.csv'],
  contentType: 'text/csv; charset=utf-8',
  parse: (text) =>
    text
      .trim()
      .split('\n')
      .map((line) => line.split(',')),
  serialize: (value) =>
    Array.isArray(value)
      ? value.map((row) => (row as unknown[]).join(',')).join('\n')
      : Object.entries(value as object)
          .map(([k, v]) => `${k},${v}`)
          .join('\n'),
};

/** The format `app` answers a request with this Accept header in, its default set to `fallback`. */
const negotiator = (app: Fw) => (accept: string | null, fallback: DataFormat) => negotiateFormat(app.setFormat(fallback), accept);

describe('format registry', () => {
  it('has JSON built in', () => {
    const app = new Fw();
    expect(listFormats(app)).toEqual([jsonFormat]);
    expect(getFormat(app, 'json')).toBe(jsonFormat);
    expect(getFormat(app, 'application/json; charset=utf-8')).toBe(jsonFormat);
    expect(getFormat(app, 'application/problem+json')).toBe(jsonFormat);
    expect(getFormat(app, '.json')).toBe(jsonFormat);
  });

  it('registers, looks up by name, media type or extension, and resets', async () => {
    const app = new Fw();
    registerFormat(app, csv);
    const yaml = await registerYamlFormat(app);
    expect(listFormats(app).map((f) => f.name)).toEqual(['json', 'csv', 'yaml']);
    expect(getFormat(app, 'CSV')).toBe(csv);
    expect(getFormat(app, 'text/csv;charset=utf-8')).toBe(csv);
    expect(getFormat(app, '.yml')).toBe(yaml);
    expect(getFormat(app, 'application/x-yaml')).toBe(yaml);
    expect(getFormat(app, 'text/plain')).toBeUndefined();
    expect(getFormat(app, 42 as any)).toBeUndefined();
    const other = new Fw();
    expect(getFormat(other, 'csv')).toBeUndefined();
    expect(listFormats(other)).toEqual([jsonFormat]);
  });

  it('replacing a format by name drops its old media types', () => {
    const app = new Fw();
    registerFormat(app, csv);
    registerFormat(app, { ...csv, contentTypes: ['application/csv'] });
    expect(getFormat(app, 'text/csv')).toBeUndefined();
    expect(getFormat(app, 'application/csv')?.contentTypes).toEqual(['application/csv']);
  });

  it('refuses malformed formats with a TypeError', () => {
    const app = new Fw();
    for (const bad of [
      null,
      {},
      { ...csv, name: '' },
      { ...csv, contentTypes: [] },
      { ...csv, parse: 'x' },
      { ...csv, extensions: undefined },
      { ...csv, contentType: 1 },
    ]) {
      expect(() => registerFormat(app, bad as any)).toThrow(TypeError);
    }
  });

  it('YAML parses and serializes', async () => {
    const app = new Fw();
    const yaml = await registerYamlFormat(app);
    expect(yaml.parse('a: 1\nb: [x, y]\n')).toEqual({ a: 1, b: ['x', 'y'] });
    expect(parseYaml(yaml.serialize({ a: { b: 'c' } }))).toEqual({ a: { b: 'c' } });
    expect(await registerYamlFormat(app)).toBe(yaml);
  });
});

describe('negotiateFormat', () => {
  it('returns the default for no header, */*, and names nothing registered', async () => {
    const app = new Fw();
    const negotiate = negotiator(app);
    const yaml = await registerYamlFormat(app);
    expect(negotiate(null, jsonFormat)).toBe(jsonFormat);
    expect(negotiate('*/*', jsonFormat)).toBe(jsonFormat);
    expect(negotiate('*/*', yaml)).toBe(yaml);
    expect(negotiate('image/png, text/html', jsonFormat)).toBe(jsonFormat);
    expect(negotiate('', jsonFormat)).toBe(jsonFormat);
    expect(negotiate(',;;,q=', jsonFormat)).toBe(jsonFormat);
  });

  it('honours quality values, specificity and header order', async () => {
    const app = new Fw();
    const negotiate = negotiator(app);
    const yaml = await registerYamlFormat(app);
    registerFormat(app, csv);
    expect(negotiate('application/yaml', jsonFormat)).toBe(yaml);
    expect(negotiate('application/json;q=0.5, application/yaml;q=0.8', jsonFormat)).toBe(yaml);
    expect(negotiate('application/yaml;q=0.1, text/csv', jsonFormat)).toBe(csv);
    expect(negotiate('*/*;q=0.9, application/yaml', jsonFormat)).toBe(yaml);
    expect(negotiate('*/*, application/yaml', jsonFormat)).toBe(yaml);
    expect(negotiate('application/yaml;q=0, */*', jsonFormat)).toBe(jsonFormat);
    expect(negotiate('application/yaml;q=abc', jsonFormat)).toBe(jsonFormat);
    expect(negotiate('text/*', jsonFormat)).toBe(jsonFormat);
    expect(negotiate('text/*', csv)).toBe(csv);
    expect(negotiate('text/csv;q=0.5, text/*', yaml)).toBe(yaml);
    expect(negotiate('image/*, text/csv;q=0.1', jsonFormat)).toBe(csv);
    expect(negotiate('application/*', yaml)).toBe(yaml);
    expect(negotiate('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', yaml)).toBe(yaml);
  });

  it('serves JSON on request even when the default is another format', () => {
    const app = new Fw({ formats: [csv] });
    const negotiate = negotiator(app);
    expect(negotiate('application/json', csv)).toBe(jsonFormat);
  });
});

describe('formats in responses', () => {
  async function yamlApp(config = {}): Promise<Fw> {
    const yaml = await registerYamlFormat(new Fw());
    const app = new Fw({ formats: [yaml], ...config });
    app.get('/obj', () => ({ hello: 'world', list: [1, 2] }));
    app.get('/const', { constant: true });
    app.get('/string', () => 'just text');
    app.get('/null', () => null);
    app.get('/response', () => new Response('as is', { headers: { 'content-type': 'text/x-mine' } }));
    app.get('/blob', () => new Blob(['b']));
    app.get('/boom', () => {
      throw new Error('kaput');
    });
    app.get('/forbidden', () => {
      throw new HttpError(403, 'nope');
    });
    app.get('/valid/:n', (ctx: Context) => ctx.params, { schema: { params: { type: 'object', properties: { n: { type: 'integer' } } } } });
    app.get('/json-response', (ctx: Context) => ctx.jsonResponse({ via: 'ctx' }));
    return app;
  }

  it('object responses follow Accept; JSON stays the default', async () => {
    const app = await yamlApp();
    const json = await app.request('/obj');
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await json.json()).toEqual({ hello: 'world', list: [1, 2] });
    const yaml = await app.request('/obj', { headers: { accept: 'application/yaml' } });
    expect(yaml.headers.get('content-type')).toBe('application/yaml; charset=utf-8');
    expect(parseYaml(await yaml.text())).toEqual({ hello: 'world', list: [1, 2] });
    const ctxJson = await app.request('/json-response', { headers: { accept: 'text/yaml' } });
    expect(parseYaml(await ctxJson.text())).toEqual({ via: 'ctx' });
  });

  it('precomputed constant responses honour formats, before and after compile()', async () => {
    const app = await yamlApp();
    for (let round = 0; round < 2; round++) {
      const yaml = await app.request('/const', { headers: { accept: 'application/yaml' } });
      expect(yaml.headers.get('content-type')).toBe('application/yaml; charset=utf-8');
      expect(await yaml.text()).toBe('constant: true\n');
      expect(await (await app.request('/const')).json()).toEqual({ constant: true });
      app.compile();
    }
  });

  it('400, 404 and 500 error bodies use the negotiated format', async () => {
    const app = await yamlApp();
    const accept = { headers: { accept: 'application/yaml' } };
    const invalid = await app.request('/valid/x', accept);
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get('content-type')).toBe('application/yaml; charset=utf-8');
    expect(parseYaml(await invalid.text())).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: '/params/n', keyword: 'type' }] });
    const missing = await app.request('/nowhere', accept);
    expect(missing.status).toBe(404);
    expect(parseYaml(await missing.text())).toMatchObject({ code: 'NOT_FOUND' });
    const crash = await app.request('/boom', accept);
    expect(crash.status).toBe(500);
    expect(parseYaml(await crash.text())).toMatchObject({ code: 'INTERNAL_ERROR' });
    const forbidden = await app.request('/forbidden', accept);
    expect(parseYaml(await forbidden.text())).toMatchObject({ error: 'nope' });
    const jsonMissing = await app.request('/nowhere');
    expect(jsonMissing.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('strings, Responses, Blobs and null pass through whatever Accept says', async () => {
    const app = await yamlApp();
    const accept = { headers: { accept: 'application/yaml' } };
    expect(await (await app.request('/string', accept)).text()).toBe('just text');
    const raw = await app.request('/response', accept);
    expect(raw.headers.get('content-type')).toBe('text/x-mine');
    expect(await raw.text()).toBe('as is');
    expect(await (await app.request('/blob', accept)).text()).toBe('b');
    expect((await app.request('/null', accept)).status).toBe(204);
  });

  it('FwConfig.format, app.setFormat and app.getFormat choose the default format', async () => {
    const app = await yamlApp({ format: 'yaml' });
    expect(app.getFormat().name).toBe('yaml');
    const yaml = await app.request('/obj');
    expect(yaml.headers.get('content-type')).toBe('application/yaml; charset=utf-8');
    const star = await app.request('/nowhere', { headers: { accept: '*/*' } });
    expect(star.headers.get('content-type')).toBe('application/yaml; charset=utf-8');
    const json = await app.request('/obj', { headers: { accept: 'application/json' } });
    expect(await json.json()).toEqual({ hello: 'world', list: [1, 2] });
    app.setFormat(jsonFormat);
    expect(app.getFormat()).toBe(jsonFormat);
    expect((await app.request('/obj')).headers.get('content-type')).toBe('application/json; charset=utf-8');
    app.setFormat(csv);
    expect(await (await app.request('/obj')).text()).toBe('hello,world\nlist,1,2');
    expect(() => app.setFormat('toml')).toThrow(/Unknown data format "toml"/);
    expect(() => new Fw({ format: 'toml' })).toThrow(/registerFormat/);
  });
});

describe('ctx.parseBody()', () => {
  async function echoApp(): Promise<Fw> {
    const app = new Fw();
    await registerYamlFormat(app);
    app.post('/echo', async (ctx: Context) => ({ parsed: await ctx.parseBody() }));
    app.post('/as-yaml', async (ctx: Context) => ({ parsed: await ctx.parseBody('yaml') }));
    app.post('/as-unknown', async (ctx: Context) => ({ parsed: await ctx.parseBody('toml') }));
    app.post('/validated', async (ctx: Context) => ({ parsed: await ctx.parseBody() }), {
      schema: { body: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] } },
    });
    return app;
  }
  const send = (body: string, type?: string): RequestInit => ({ method: 'POST', body, headers: type ? { 'content-type': type } : {} });

  it('picks the parser from Content-Type', async () => {
    const app = await echoApp();
    expect(await (await app.request('/echo', send('a: 1\nb: [2]', 'application/yaml'))).json()).toEqual({ parsed: { a: 1, b: [2] } });
    expect(await (await app.request('/echo', send('{"a":1}', 'application/json; charset=utf-8'))).json()).toEqual({ parsed: { a: 1 } });
    expect(await (await app.request('/echo', send('{"a":1}', 'application/ld+json'))).json()).toEqual({ parsed: { a: 1 } });
  });

  it('uses JSON when Content-Type is absent or unknown', async () => {
    const app = await echoApp();
    expect(await (await app.request('/echo', send('{"a":2}'))).json()).toEqual({ parsed: { a: 2 } });
    expect(await (await app.request('/echo', send('{"a":3}', 'application/x-unknown'))).json()).toEqual({ parsed: { a: 3 } });
  });

  it('uses the named format when given one, and 415 for an unknown name', async () => {
    const app = await echoApp();
    expect(await (await app.request('/as-yaml', send('x: y', 'text/plain'))).json()).toEqual({ parsed: { x: 'y' } });
    const unknown = await app.request('/as-unknown', send('x'));
    expect(unknown.status).toBe(415);
  });

  it('answers a body its parser rejects with 400', async () => {
    const app = await echoApp();
    for (const [body, type] of [
      ['a: [1, 2', 'application/yaml'],
      ['key: value\n  bad indent: x\n- list', 'text/yaml'],
      ['{broken', 'application/json'],
      ['{broken', undefined],
    ] as const) {
      const response = await app.request('/echo', send(body, type));
      expect(response.status, `${type}: ${body}`).toBe(400);
      expect((await response.json()).code).toBe('INVALID_BODY');
    }
  });

  it('validates YAML bodies like JSON ones', async () => {
    const app = await echoApp();
    expect(await (await app.request('/validated', send('n: "5"', 'application/yaml'))).json()).toEqual({ parsed: { n: 5 } });
    const bad = await app.request('/validated', send('m: 1', 'application/yaml'));
    expect(bad.status).toBe(400);
    expect((await bad.json()).details[0].keyword).toBe('required');
  });
});
