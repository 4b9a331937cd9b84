import { describe, expect, it } from 'vitest';
import { Fw } from '../../src/app/fw';
import { ForbiddenError } from '../../src/core/errors';
import { read, type Answer } from './helpers';

type Setup = (app: Fw) => void | Promise<void>;
type Probe = [method: string, path: string, init?: RequestInit];

/** Each case builds an app the same way twice; one copy is compiled, and every probe must answer identically. */
const cases: [name: string, setup: Setup, probes: Probe[]][] = [
  [
    'plain routes of every return kind',
    (app) => {
      app
        .get('/', () => 'Hi')
        .get('/obj', () => ({ a: 1 }))
        .get('/none', () => null)
        .get('/const', 'constant')
        .get('/res', () => new Response('r', { status: 201 }));
    },
    [
      ['GET', '/'],
      ['GET', '/obj'],
      ['GET', '/none'],
      ['GET', '/const'],
      ['GET', '/res'],
      ['HEAD', '/obj'],
      ['OPTIONS', '/'],
      ['PUT', '/'],
      ['GET', '/missing'],
    ],
  ],

  [
    'route beforeHandle short-circuit',
    (app) => {
      app.get('/secret', () => 'secret', {
        beforeHandle: (ctx) => (ctx.header('authorization') ? undefined : new Response('no', { status: 401 })),
      });
    },
    [
      ['GET', '/secret'],
      ['GET', '/secret', { headers: { authorization: 'x' } }],
    ],
  ],

  [
    'route afterHandle',
    (app) => {
      app.get('/a', () => 'a', { afterHandle: async (ctx, res) => new Response(`after ${await res.text()}`) });
    },
    [['GET', '/a']],
  ],

  [
    'global onBeforeHandle registered after the routes',
    (app) => {
      app.get('/', () => 'open').get('/p/:id', (ctx) => ctx.params.id);
      app.onBeforeHandle((ctx) => (ctx.query.deny ? new Response('denied', { status: 403 }) : undefined));
    },
    [
      ['GET', '/'],
      ['GET', '/?deny=1'],
      ['GET', '/p/1?deny=1'],
      ['GET', '/p/1'],
    ],
  ],

  [
    'global onAfterHandle',
    (app) => {
      app.get('/', () => ({ x: 1 }));
      app.onAfterHandle((ctx, res) => {
        res.headers.set('x-after', 'global');
        return res;
      });
    },
    [['GET', '/']],
  ],

  [
    'onError and onNotFound',
    (app) => {
      app.get('/boom', () => {
        throw new Error('boom');
      });
      app.get('/forbidden', () => {
        throw new ForbiddenError('no');
      });
      app.onError((error) => (error instanceof ForbiddenError ? undefined : new Response('handled', { status: 502 })));
      app.onNotFound((ctx) => ctx.status(404) && { custom: ctx.path });
    },
    [
      ['GET', '/boom'],
      ['GET', '/forbidden'],
      ['GET', '/nope'],
    ],
  ],

  [
    'global and path middleware registered after the routes',
    (app) => {
      app.get('/', () => 'root').get('/admin/x', () => 'admin');
      app.use(async (ctx, next) => {
        const res = await next();
        res.headers.set('x-mw', 'global');
        return res;
      });
      app.use('/admin', (ctx) => (ctx.header('x-admin') ? undefined : new Response('admins only', { status: 401 })));
    },
    [
      ['GET', '/'],
      ['GET', '/admin/x'],
      ['GET', '/nope'],
    ],
  ],

  [
    'plugin with decorate, state and setup',
    async (app) => {
      await app.plugin({
        name: 'p',
        decorate: { hello: () => 'decorated' },
        state: { n: 7 },
        setup: (a) => void a.onBeforeHandle((ctx) => void ctx.setHeader('x-plugin', 'yes')),
      });
      app.get('/', (ctx) => ({ d: (ctx as unknown as { hello(): string }).hello(), n: ctx.state.n }));
    },
    [['GET', '/']],
  ],

  [
    'validation of body, query and params',
    (app) => {
      app.post('/u/:id', async (ctx) => ({ id: ctx.params.id, q: ctx.query.q, body: await ctx.body() }), {
        schema: {
          params: { type: 'object', properties: { id: { type: 'integer' } } },
          query: { type: 'object', properties: { q: { type: 'integer', default: 1 } } },
          body: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
        },
      });
    },
    [
      ['POST', '/u/1', { body: '{"name":"a"}' }],
      ['POST', '/u/x', { body: '{"name":"a"}' }],
      ['POST', '/u/1?q=2', { body: '{"name":5}' }],
      ['POST', '/u/1', { body: '{bad' }],
      ['POST', '/u/1'],
    ],
  ],

  [
    'response schema and status',
    (app) => {
      app.get('/s', (ctx) => ctx.status(201) && { id: 1, secret: 'x' }, {
        schema: { response: { 201: { type: 'object', properties: { id: { type: 'integer' } } } } },
      });
    },
    [['GET', '/s']],
  ],

  [
    'cookies and headers on an object result',
    (app) => {
      app.get('/c', (ctx) => {
        ctx.setCookie('a', '1');
        ctx.setCookie('b', '2');
        ctx.setHeader('x-c', 'c');
        return { ok: true };
      });
    },
    [['GET', '/c']],
  ],

  [
    'groups with use',
    (app) => {
      app.group('/g', (g) => {
        g.use((ctx) => (ctx.query.stop ? 'stopped by group middleware' : undefined) ?? undefined);
        g.get('/x', () => 'x');
      });
    },
    [
      ['GET', '/g/x'],
      ['GET', '/g/x?stop=1'],
    ],
  ],
];

async function snapshot(app: Fw, probes: Probe[]): Promise<(Omit<Answer, 'headers'> & { headers: [string, string][] })[]> {
  const out = [];
  for (const [method, path, init] of probes) {
    const answer = await read(await app.fetch(new Request(`http://localhost${path}`, { method, ...init })));
    out.push({ status: answer.status, text: answer.text, json: answer.json, headers: [...answer.headers] });
  }
  return out;
}

describe('compile() never changes behaviour', () => {
  it.each(cases)('%s', async (_name, setup, probes) => {
    const plain = new Fw();
    await setup(plain);
    const compiled = new Fw();
    await setup(compiled);
    compiled.compile();
    const expected = await snapshot(plain, probes);
    expect(await snapshot(compiled, probes)).toEqual(expected);
  });

  it.each(cases)('%s, with compile() before hooks and middleware are added', async (_name, setup, probes) => {
    const plain = new Fw();
    await setup(plain);
    const expected = await snapshot(plain, probes);
    const early = new Fw();
    const realUse = early.use.bind(early);
    const realBefore = early.onBeforeHandle.bind(early);
    early.use = ((...args: Parameters<Fw['use']>) => {
      early.compile();
      return realUse(...args);
    }) as Fw['use'];
    early.onBeforeHandle = ((hook) => {
      early.compile();
      return realBefore(hook);
    }) as Fw['onBeforeHandle'];
    await setup(early);
    expect(await snapshot(early, probes)).toEqual(expected);
  });

  it('compile() is chainable and idempotent', async () => {
    const app = new Fw();
    app.get('/', () => 'x');
    expect(app.compile().compile()).toBe(app);
    expect(await (await app.fetch(new Request('http://localhost/'))).text()).toBe('x');
  });
});
