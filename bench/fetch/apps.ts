/**
 * The same five-route app written for each framework under test, and what each route must answer. Each contestant
 * imports only its own framework when loaded, so a measuring process does not pay for the others' imports.
 */
import type { Hono } from 'hono';
import type { IRequest } from 'itty-router';

/** Anything with a fetch(request) method. */
export interface FetchApp {
  fetch(request: Request): Response | Promise<Response>;
}

const user = { id: 123, name: 'Alice', roles: ['admin', 'editor'] };

function fw({ Fw }: typeof import('fw')): FetchApp {
  const app = new Fw();
  app
    .get('/', () => 'Hi')
    .post('/json', (ctx) => ctx.body())
    .get('/id/:id', (ctx) => {
      ctx.setHeader('x-powered-by', 'benchmark');
      return `${ctx.params.id} ${ctx.query.name}`;
    })
    .get('/user', () => user)
    .use('/mw/*', async (ctx, next) => {
      await next();
    })
    .get('/mw/hello', () => 'mw');
  return app;
}

function hono(create: () => Hono): () => FetchApp {
  return () => {
    const app = create();
    app
      .get('/', (c) => c.text('Hi'))
      .post('/json', (c) => c.req.json().then((body) => c.json(body)))
      .get('/id/:id', (c) => {
        const id = c.req.param('id');
        const name = c.req.query('name');
        c.header('x-powered-by', 'benchmark');
        return c.text(`${id} ${name}`);
      })
      .get('/user', (c) => c.json(user))
      .use('/mw/*', async (_c, next) => {
        await next();
      })
      .get('/mw/hello', (c) => c.text('mw'));
    return app;
  };
}

function itty({ AutoRouter, text }: typeof import('itty-router')): FetchApp {
  const router = AutoRouter();
  router
    .get('/', () => text('Hi'))
    .post('/json', (request: IRequest) => request.json())
    .get('/id/:id', ({ params, query }: IRequest) => text(`${params.id} ${query.name}`, { headers: { 'x-powered-by': 'benchmark' } }))
    .get('/user', () => user)
    .all('/mw/*', () => undefined)
    .get('/mw/hello', () => text('mw'));
  return router;
}

function h3({ H3, getQuery }: typeof import('h3')): FetchApp {
  const app = new H3();
  app.get('/', () => 'Hi');
  app.post('/json', (event) => event.req.json());
  app.get('/id/:id', (event) => {
    event.res.headers.set('x-powered-by', 'benchmark');
    return `${event.context.params!.id} ${getQuery(event).name}`;
  });
  app.get('/user', () => user);
  app.use('/mw/**', async (_event, next) => {
    await next();
  });
  app.get('/mw/hello', () => 'mw');
  return app;
}

/**
 * Contestants whose fetch mutates the Request it is given, so one Request cannot be reused across calls:
 * itty's AutoRouter wraps `request.proxy` in a new Proxy on every call, and each call on a reused Request gets slower.
 */
export const needsFreshRequest = new Set(['itty-router (AutoRouter)']);

/**
 * Every contestant by name: loads its framework and resolves with the function that makes its app (not the app
 * itself: itty's router answers any property, `then` included, so a promise of it never settles). `fw` is ours.
 */
export const apps: Record<string, () => Promise<() => FetchApp>> = {
  fw: async () => {
    const module = await import('fw');
    return () => fw(module);
  },
  hono: async () => {
    const [{ Hono: FullHono }, { RegExpRouter }] = await Promise.all([import('hono'), import('hono/router/reg-exp-router')]);
    return hono(() => new FullHono({ router: new RegExpRouter() }));
  },
  'hono/tiny': async () => {
    const { Hono: TinyHono } = await import('hono/tiny');
    return hono(() => new TinyHono() as unknown as Hono);
  },
  'itty-router (AutoRouter)': async () => {
    const module = await import('itty-router');
    return () => itty(module);
  },
  h3: async () => {
    const module = await import('h3');
    return () => h3(module);
  },
};

/** One benchmark case: how to make its Request, and what a correct answer holds. */
export interface FetchCase {
  name: string;
  request: () => Request;
  /** Whether the same Request object may be reused (GET requests have no body to consume). */
  reusable: boolean;
  status: number;
  body: string;
  header?: [string, string];
}

/** The five cases of Hono's `benchmarks/fetch`. */
export const cases: FetchCase[] = [
  { name: 'ping GET /', request: () => new Request('http://localhost/'), reusable: true, status: 200, body: 'Hi' },
  {
    name: 'query GET /id/1?name=bun',
    request: () => new Request('http://localhost/id/1?name=bun'),
    reusable: true,
    status: 200,
    body: '1 bun',
    header: ['x-powered-by', 'benchmark'],
  },
  { name: 'json GET /user', request: () => new Request('http://localhost/user'), reusable: true, status: 200, body: JSON.stringify(user) },
  { name: 'middleware GET /mw/hello', request: () => new Request('http://localhost/mw/hello'), reusable: true, status: 200, body: 'mw' },
  {
    name: 'body POST /json',
    request: () =>
      new Request('http://localhost/json', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"hello":"world"}' }),
    reusable: false,
    status: 200,
    body: '{"hello":"world"}',
  },
];
