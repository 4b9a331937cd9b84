import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { Fw as CoreFw, checkFwConfig } from 'fw/core';
import { Fw, withWebSockets } from 'fw';
import { jsonSchemaCompiler } from 'fw/schema';
import { sourceAliases } from '../../aliases';

const bodySchema = { schema: { body: { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } } } };

async function post(app: CoreFw, body: unknown): Promise<Response> {
  return app.request('/n', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

describe('the kernel (fw/core)', () => {
  it('answers routes, middleware, hooks and groups without a schema layer', async () => {
    const app = new CoreFw();
    app.use(async (ctx, next) => {
      const res = await next();
      res.headers.set('x-mw', '1');
      return res;
    });
    app.get('/users/:id', (ctx) => ({ id: ctx.params.id }));
    app.group('/admin', (g) => g.get('/x', 'admin'));
    const res = await app.request('/users/7');
    expect(res.headers.get('x-mw')).toBe('1');
    expect(await res.json()).toEqual({ id: '7' });
    expect(await (await app.request('/admin/x')).text()).toBe('admin');
    expect((await app.request('/nope')).status).toBe(404);
  });

  it('refuses a route with a schema until the app has a compiler, naming fw/schema', () => {
    const app = new CoreFw();
    expect(() => app.post('/n', () => null, bodySchema)).toThrow(/POST \/n has `schema`.*no schema compiler.*fw\/schema/);
    expect(() => app.get('/csv', () => [], { serializers: { 'text/csv': () => '' } })).toThrow(/no schema compiler/);
  });

  it('validates once a compiler is set, by setSchemaCompiler or the schemaCompiler option', async () => {
    const bySetter = new CoreFw().setSchemaCompiler(jsonSchemaCompiler);
    const byOption = new CoreFw({ schemaCompiler: jsonSchemaCompiler });
    for (const app of [bySetter, byOption]) {
      app.post('/n', async (ctx) => ctx.body(), bodySchema);
      expect((await post(app, { n: 'x' })).status).toBe(400);
      expect(await (await post(app, { n: 2 })).json()).toEqual({ n: 2 });
    }
  });

  it('checks route schemas at registration through the compiler', () => {
    const app = new CoreFw({ schemaCompiler: jsonSchemaCompiler });
    expect(() => app.post('/bad', () => null, { schema: { body: { type: 'nope' } } })).toThrow(/POST \/bad/);
  });

  it('refuses something that is not a compiler, saying what one is', () => {
    expect(() => new CoreFw().setSchemaCompiler({} as never)).toThrow(/a compiler has check\(\) and compile\(\); use jsonSchemaCompiler/);
  });

  it('has no WebSocket routes, file routes or database; checkFwConfig refuses fw options of the full app with the closest key', () => {
    const app = new CoreFw();
    expect('ws' in app).toBe(false);
    expect('fromFileRoutes' in app).toBe(false);
    expect(withWebSockets(app)).toBeNull();
    expect(() => checkFwConfig({ database: { url: 'sqlite::memory:' } } as never)).toThrow(
      /new Fw\(\): unknown option "database"; the options are queryCache, /,
    );
    expect(() => checkFwConfig({ maxBodySise: 10 } as never)).toThrow(/unknown option "maxBodySise" \(did you mean "maxBodySize"\?\)/);
    const config = { development: true };
    expect(checkFwConfig(config)).toBe(config);
    expect(new CoreFw(checkFwConfig({ development: true })).config.development).toBe(true);
  });

  it("refuses an unknown option at startup; fw's Fw names the closest key, its own `database` key included", () => {
    expect(() => new CoreFw({ databse: {} } as never)).toThrow(/new Fw\(\): unknown option "databse"; the options are /);
    expect(() => new Fw({ databse: {} } as never)).toThrow(/new Fw\(\): unknown option "databse" \(did you mean "database"\?\)/);
    expect(() => new Fw({ queryCacheSize: 0 })).toThrow(RangeError);
    expect(new Fw({ database: { url: 'sqlite::memory:' } }).config.database).toEqual({ url: 'sqlite::memory:' });
  });

  it("has no listen(): fw's Fw listens through the platform adapter and says what to pass where there is none", async () => {
    expect('listen' in new CoreFw()).toBe(false);
    await expect(new Fw({ platform: {} }).listen(0)).rejects.toThrow(/listen\(\) needs an adapter.*fw\/node.*serve\(app\)/);
    const app = new Fw({ hostname: '127.0.0.1' }).get('/', 'up');
    const server = await app.listen(0);
    try {
      expect(await (await fetch(`http://127.0.0.1:${server.port}/`)).text()).toBe('up');
    } finally {
      await app.stop();
    }
  });
});

describe('the full Fw (fw) on the kernel', () => {
  it('presets the JSON Schema compiler, WebSocket routes in groups, and the 426 for a ws-only path', async () => {
    const app = new Fw();
    app.post('/n', async (ctx) => ctx.body(), bodySchema);
    app.group('/live', (g) => g.ws('/feed', { message: () => undefined }));
    expect((await post(app, { n: 'x' })).status).toBe(400);
    expect(app.websockets.has('/live/feed')).toBe(true);
    expect((await app.request('/live/feed')).status).toBe(426);
    expect(withWebSockets(app)).toBe(app);
    expect(app).toBeInstanceOf(CoreFw);
  });

  it('keeps its own compiler when given one', async () => {
    const calls: string[] = [];
    const app = new Fw({
      schemaCompiler: {
        check: (route) => void calls.push(`check ${route}`),
        compile: (route) => (calls.push(`compile ${route}`), { validate: null, serialize: null }),
      },
    });
    app.post('/n', async (ctx) => ctx.body(), bodySchema);
    expect(await (await post(app, { n: 'x' })).json()).toEqual({ n: 'x' });
    expect(calls).toEqual(['check POST /n', 'compile POST /n']);
  });
});

describe('a fw/core worker bundle', () => {
  it('holds only src/core modules, and no import() of a variable', async () => {
    const result = await build({
      stdin: { contents: "import { Fw } from 'fw/core'; export default new Fw().get('/', 'Hello');", resolveDir: process.cwd() },
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'neutral',
      conditions: ['workerd', 'worker', 'browser'],
      alias: { 'fw/core': sourceAliases['fw/core'] },
      tsconfigRaw: '{}',
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs).filter((path) => path !== '<stdin>');
    expect(inputs.length).toBeGreaterThan(5);
    expect(inputs.filter((path) => !path.startsWith('src/core/'))).toEqual([]);
    expect(result.outputFiles[0].text).not.toMatch(/\bimport\(\s*[^'"`\s]/);
  });

  it("leaves out what fw's Fw installs: server and introspection methods, cookies, queries/formData/parseBody, the query cache, option checking, the error log", async () => {
    const result = await build({
      stdin: { contents: "import { Fw } from 'fw/core'; export default new Fw().get('/', 'Hello');", resolveDir: process.cwd() },
      bundle: true,
      minify: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'neutral',
      conditions: ['workerd', 'worker', 'browser'],
      alias: { 'fw/core': sourceAliases['fw/core'] },
      tsconfigRaw: '{}',
      logLevel: 'silent',
    });
    const output = Object.values(result.metafile.outputs)[0];
    const inputs = Object.entries(output.inputs)
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([path]) => path);
    expect(inputs).toContain('src/core/fw.ts');
    for (const file of ['server-methods', 'context-extras', 'config-keys', 'options', 'error-log', 'cookie']) {
      expect(inputs).not.toContain(`src/core/${file}.ts`);
    }
    const text = result.outputFiles[0].text;
    for (const gone of [
      'listen() needs an adapter',
      'getRoutes',
      'Malformed form body',
      'QueryParseCache size',
      'did you mean',
      ' answered ',
      'Max-Age=',
    ]) {
      expect(text).not.toContain(gone);
    }
  });
});
