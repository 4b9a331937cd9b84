/**
 * Settings belong to the app: two differently configured apps in one process (test/core/fixtures/two-apps.ts: a
 * data format registered on the fw/core one; listen and introspection, the full route syntax, the formatted
 * error log and the Node entry's platform services on the fw one) never see each other's settings, in process, on
 * fw/node over a socket, on Bun, in workerd and through Lambda handlers; and `app.fetch` answers with a real
 * Response after fw/node is imported, light responses staying inside fw/node's server adapter.
 */
import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPlatform } from 'fw/core';
import { installNodeServices, lambda } from 'fw/lambda';
import { LightResponse, serve, type NodeServer } from 'fw/node';
import { lambdaContext } from '../fixtures/lambda/context';
import { startBun, type BunProcess } from '../targets/bun/bun-process';
import { bundleWorker, runWorker } from '../targets/worker/helpers';
import { dispatcher, twoApps } from './fixtures/two-apps';

/** The folder both apps serve under /<app>/static, read from disk only by an app with Node's or Bun's services. */
const staticRoot = new URL('./fixtures/platform-files', import.meta.url).pathname;
/** Node's services as fw/node's and fw/bun's `serve()` give them to an app that has none. */
const served = ['fileSource', 'importModule', 'loadFileRoutes', 'migrationFiles', 'signalHandlers', 'uploadStorage'];
/** What `fw`'s Node and Bun entries preset on their apps: those, the `listen()` adapter and `app.db`'s factory. */
const entry = ['adapter', 'database', ...served].sort();

interface Answer {
  status: number;
  type: string | null;
  text: string;
}
interface Sent {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}
type Send = (path: string, init?: Sent) => Promise<Answer>;

const askKv = { headers: { accept: 'text/x-kv' } };
const postKv = { method: 'POST', headers: { 'content-type': 'text/x-kv' }, body: 'a=1' };

/** What both apps answer, each with its own formats only. */
async function expectIsolated(send: Send): Promise<void> {
  const kv = await send('/kv/data', askKv);
  expect([kv.status, kv.type, kv.text]).toEqual([200, 'text/x-kv; charset=utf-8', 'app=kv\nn=1']);
  const json = await send('/json/data', askKv);
  expect([json.status, json.type, JSON.parse(json.text)]).toEqual([200, 'application/json; charset=utf-8', { app: 'json', n: 1 }]);
  expect(JSON.parse((await send('/kv/echo', postKv)).text)).toEqual({ got: { a: '1' } });
  const refused = await send('/json/echo', postKv);
  expect([refused.status, refused.type, JSON.parse(refused.text).code]).toEqual([400, 'application/json; charset=utf-8', 'INVALID_BODY']);
  const kvMissing = await send('/kv/nowhere', askKv);
  expect([kvMissing.status, kvMissing.type, kvMissing.text]).toEqual([
    404,
    'text/x-kv; charset=utf-8',
    expect.stringContaining('code=NOT_FOUND'),
  ]);
  const jsonMissing = await send('/json/nowhere', askKv);
  expect([jsonMissing.status, jsonMissing.type]).toEqual([404, 'application/json; charset=utf-8']);
  await expectOwnMembers(send);
}

const serverMethods = ['listen', 'stop', 'getRoutes', 'getMiddlewareInfo', 'getAppConfig'];

/** Only the fw app has listen and introspection and reads the full route syntax; the kernel app refuses it, saying how. */
async function expectOwnMembers(send: Send): Promise<void> {
  const json = JSON.parse((await send('/json/members')).text);
  expect(json).toEqual({ methods: serverMethods, routeInfos: 6, routes: 6 });
  const kv = JSON.parse((await send('/kv/members')).text);
  expect(kv).toEqual({
    methods: [],
    routeInfos: 5,
    refused: expect.stringMatching(
      /^Route "\/kv\/n\/:id\(\\d\+\)": fw\/core reads text.*pass routeSyntax: fullRouteSyntax from 'fw\/core' for the rest$/,
    ),
  });
  expect(JSON.parse((await send('/json/n/42')).text)).toEqual({ id: '42' });
  expect((await send('/json/n/x')).status).toBe(404);
  expect((await send('/kv/n/42')).status).toBe(404);
  expect((await send('/kv/boom')).status).toBe(500);
  expect((await send('/json/boom')).status).toBe(500);
}

/**
 * Each app has its own platform services (`kv`, `json`: their names), and reads the static file from disk only
 * with them; an app without them answers the static file with a 500 (its message says what to pass).
 */
async function expectOwnPlatform(send: Send, kv: string[], json: string[]): Promise<void> {
  expect(JSON.parse((await send('/kv/platform')).text)).toEqual({ services: kv });
  expect(JSON.parse((await send('/json/platform')).text)).toEqual({ services: json });
  for (const [app, services] of [
    ['kv', kv],
    ['json', json],
  ] as const) {
    const file = await send(`/${app}/static/hello.txt`);
    if (services.includes('fileSource')) expect([file.status, file.text]).toEqual([200, 'from disk']);
    else expect(file.status).toBe(500);
  }
}

/** Runs `fn` with console.error silenced (the 500 of an app without a file system is logged). */
async function quietly(fn: () => Promise<void>): Promise<void> {
  const original = console.error;
  console.error = () => {};
  try {
    await fn();
  } finally {
    console.error = original;
  }
}

/** What each app writes to the console for a 500 while `fn` runs: the kernel the error itself, fw the formatted line. */
async function expectOwnErrorLogs(fn: () => Promise<void>): Promise<void> {
  const original = console.error;
  const logged: unknown[][] = [];
  console.error = (...args: unknown[]) => void logged.push(args);
  try {
    await fn();
  } finally {
    console.error = original;
  }
  const kernel = logged.filter(([first]) => first instanceof TypeError);
  const formatted = logged.filter(([first]) => typeof first === 'string' && first.includes('"path":"/json/boom"'));
  expect(kernel.length).toBeGreaterThan(0);
  expect(kernel.every((args) => args.length === 1 && (args[0] as Error).message === 'boom')).toBe(true);
  expect(formatted.length).toBeGreaterThan(0);
  expect(JSON.parse(formatted[0][0] as string)).toMatchObject({
    level: 'error',
    method: 'GET',
    status: 500,
    error: 'TypeError',
    message: 'boom',
  });
  expect(logged.some(([first]) => typeof first === 'string' && first.includes('/kv/boom'))).toBe(false);
}

async function read(response: Response): Promise<Answer> {
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

const toInit = (init: Sent = {}): RequestInit => ({ method: init.method ?? 'GET', headers: init.headers, body: init.body });

describe('two apps in one process', () => {
  it('in process: each app has its own formats and context methods, and app.fetch answers with real Responses after fw/node', async () => {
    const apps = twoApps(staticRoot);
    const probe = new Request('http://localhost/');
    for (const name of ['cookie', 'setCookie', 'queries', 'formData', 'parseBody']) {
      expect(name in new apps.kv.ContextClass(apps.kv, probe, '/')).toBe(false);
      expect(name in new apps.json.ContextClass(apps.json, probe, '/')).toBe(true);
    }
    expect('queryCacheSize' in apps.kv).toBe(false);
    const fetch = dispatcher(apps);
    await expectOwnErrorLogs(() =>
      expectIsolated(async (path, init) => {
        const response = await fetch(new Request(`http://localhost${path}`, toInit(init)));
        expect(Object.getPrototypeOf(response)).toBe(Response.prototype);
        expect(response).not.toBeInstanceOf(LightResponse);
        return read(response);
      }),
    );
    await quietly(() => expectOwnPlatform(async (path) => read(await fetch(new Request(`http://localhost${path}`))), [], entry));
  });

  describe('on fw/node over a socket', () => {
    const apps = twoApps(staticRoot);
    const servers: NodeServer[] = [];
    const made: Response[] = [];
    beforeAll(async () => {
      apps.kv.onAfterHandle((_ctx, response) => void made.push(response));
      servers.push(await serve(apps.kv, { port: 0, hostname: '127.0.0.1' }), await serve(apps.json, { port: 0, hostname: '127.0.0.1' }));
    });
    afterAll(async () => {
      for (const server of servers) await server.stop();
    });

    it('each app answers with its own formats; light responses are made for socket requests only', async () => {
      await expectOwnErrorLogs(() =>
        expectIsolated(async (path, init) => read(await fetch(`${servers[path.startsWith('/kv/') ? 0 : 1].url}${path}`, toInit(init)))),
      );
      expect(made.length).toBeGreaterThan(0);
      expect(made.every((response) => response instanceof LightResponse)).toBe(true);
      const inProcess = await apps.kv.request('/kv/data');
      expect(Object.getPrototypeOf(inProcess)).toBe(Response.prototype);
    });

    it("serve() gave the fw/core app Node's services; the fw app keeps its entry's", async () => {
      await expectOwnPlatform(async (path) => read(await fetch(`${servers[path.startsWith('/kv/') ? 0 : 1].url}${path}`)), served, entry);
    });
  });

  describe('on Bun', () => {
    let bun: BunProcess;
    beforeAll(async () => {
      bun = await startBun('test/core/fixtures/two-apps-bun.ts');
    });
    afterAll(() => bun.stop());

    it('each app answers with its own formats and its own platform services', async () => {
      const send: Send = async (path, init) =>
        read(await fetch(`${path.startsWith('/kv/') ? `http://127.0.0.1:${bun.port}` : bun.url}${path}`, toInit(init)));
      await expectIsolated(send);
      await expectOwnPlatform(send, served, entry);
    });
  });

  describe('in workerd (miniflare), both apps in one isolate', () => {
    let mf: Miniflare;
    beforeAll(async () => {
      mf = await runWorker(await bundleWorker('test/core/fixtures/two-apps-worker.ts'));
    }, 60_000);
    afterAll(() => mf?.dispose());

    it('each app answers with its own formats; neither has platform services there', async () => {
      const send: Send = async (path, init) => {
        const response = await mf.dispatchFetch(`http://localhost${path}`, toInit(init) as never);
        return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
      };
      await expectIsolated(send);
      await expectOwnPlatform(send, [], []);
    });
  });

  it("through Lambda handlers, one per app: Node's services only on the fw app until installNodeServices(kv)", async () => {
    const apps = twoApps(staticRoot);
    const handlers = { kv: lambda(apps.kv), json: lambda(apps.json) };
    const context = lambdaContext();
    const send: Send = async (path, init = {}) => {
      const method = init.method ?? 'GET';
      const event = {
        version: '2.0',
        routeKey: '$default',
        rawPath: path,
        rawQueryString: '',
        headers: { host: 'id.execute-api.us-east-1.amazonaws.com', ...init.headers },
        requestContext: { http: { method, path, protocol: 'HTTP/1.1', sourceIp: '192.0.2.44', userAgent: 'test' } },
        body: init.body,
        isBase64Encoded: false,
      };
      const result = (await handlers[path.startsWith('/kv/') ? 'kv' : 'json'](event, context)) as {
        statusCode: number;
        headers: Record<string, string>;
        body: string;
      };
      return { status: result.statusCode, type: result.headers['content-type'] ?? null, text: result.body };
    };
    await expectOwnErrorLogs(() => expectIsolated(send));
    await quietly(() => expectOwnPlatform(send, [], entry));
    installNodeServices(apps.kv);
    await expectOwnPlatform(send, served, entry);
    expect(hasPlatform(twoApps().kv, 'fileSource')).toBe(false);
  });

  it('bad inputs: a fw/core app has no listen() to call (serve(app) from fw/node serves it)', async () => {
    const apps = twoApps();
    expect(() => (apps.kv as unknown as { listen(): unknown }).listen()).toThrow(TypeError);
    const server = await serve(apps.kv, { port: 0, hostname: '127.0.0.1' });
    try {
      expect(JSON.parse(await (await fetch(`${server.url}/kv/data`)).text())).toEqual({ app: 'kv', n: 1 });
    } finally {
      await server.stop();
    }
  });
});
