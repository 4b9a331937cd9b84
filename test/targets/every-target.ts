/**
 * Runs one fw app on every target and the same cases against each: fw/node over a real socket, fw/bun in a Bun
 * process, the worker in workerd (miniflare) and the Lambda handler fed API Gateway v2 events.
 *
 * The app is a module whose default export is the app, or a function that builds it (preferred: each target then
 * gets its own app, so in-memory state such as a rate limiter's buckets is not shared between node and lambda, which
 * run in this process).
 *
 * ```ts
 * describeEveryTarget('basicAuth', fileURLToPath(new URL('./fixtures/auth-app.ts', import.meta.url)), (client) => {
 *   it('refuses a wrong password', async () => {
 *     const response = await client().fetch('/admin', { headers: { authorization: 'Basic eDp5' } });
 *     expect(response.status).toBe(401);
 *   });
 * });
 * ```
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Miniflare, MiniflareOptions } from 'miniflare';
import { afterAll, beforeAll, describe } from 'vitest';
import { lambdaContext } from '../fixtures/lambda/context';
import { fromResult, type LambdaResult, toEvent } from './lambda-events';
import { startBun, type BunProcess } from './bun/bun-process';
import { bundleWorker, runWorker } from './worker/helpers';

/** The four targets a case runs on. */
export type TargetName = 'node' | 'bun' | 'worker' | 'lambda';

/** What a case talks to: `fetch(path, init)` answers a Response from the app on `target`. */
export interface TargetClient {
  target: TargetName;
  /** The base URL requests are sent to (a socket for node and bun; a placeholder host for worker and lambda). */
  origin: string;
  fetch(path: string, init?: RequestInit): Promise<Response>;
}

/** Options of `describeEveryTarget`. */
export interface EveryTargetOptions {
  /** The targets to run on (default: all four). */
  targets?: TargetName[];
  /** Miniflare options for the worker (bindings, `compatibilityFlags`, Durable Objects, …). */
  worker?: Omit<MiniflareOptions, 'modules' | 'script' | 'scriptPath'>;
  /** The address Lambda reports as `requestContext.http.sourceIp` (default 192.0.2.44). */
  lambdaSourceIp?: string;
}

const allTargets: TargetName[] = ['node', 'bun', 'worker', 'lambda'];

/** Declares one `describe` per target; `cases` runs inside each, with `client()` valid inside its tests. */
export function describeEveryTarget(
  title: string,
  appModule: string,
  cases: (client: () => TargetClient) => void,
  options: EveryTargetOptions = {},
): void {
  for (const target of options.targets ?? allTargets) {
    describe(`${title} on ${target}`, () => {
      let current: Started | undefined;
      beforeAll(async () => {
        current = await startOnTarget(target, appModule, options);
      }, 120_000);
      afterAll(async () => {
        await current?.stop();
      });
      cases(() => {
        if (!current) throw new Error(`${title}: the ${target} target did not start`);
        return current.client;
      });
    });
  }
}

/** An app running on one target: its client, and `stop()`. */
export interface Started {
  client: TargetClient;
  stop(): Promise<void>;
}

/** Starts the app of `appModule` on `target` outside `describeEveryTarget` (for a test that needs all targets at once). */
export function startOnTarget(target: TargetName, appModule: string, options: EveryTargetOptions = {}): Promise<Started> {
  return starters[target](appModule, options);
}

async function loadApp(appModule: string): Promise<any> {
  const exported = (await import(pathToFileURL(appModule).href)).default;
  return typeof exported === 'function' ? await exported() : exported;
}

const starters: Record<TargetName, (appModule: string, options: EveryTargetOptions) => Promise<Started>> = {
  async node(appModule) {
    const { serve } = await import('fw/node');
    const server = await serve(await loadApp(appModule), { port: 0, hostname: '127.0.0.1' });
    const origin = `http://127.0.0.1:${server.port}`;
    return {
      client: { target: 'node', origin, fetch: (path, init) => fetch(`${origin}${path}`, init) },
      stop: () => server.stop(),
    };
  },

  async bun(appModule) {
    const bun: BunProcess = await startBun('test/targets/fixtures/serve-module-bun.ts', [appModule]);
    return {
      client: { target: 'bun', origin: bun.url, fetch: (path, init) => fetch(`${bun.url}${path}`, init) },
      stop: () => bun.stop(),
    };
  },

  async worker(appModule, options) {
    const entry = join(mkdtempSync(join(tmpdir(), 'fw-every-target-')), 'worker.ts');
    writeFileSync(
      entry,
      [
        `import exported from ${JSON.stringify(appModule)};`,
        `import { worker } from 'fw/worker';`,
        `const app = typeof exported === 'function' ? await exported() : exported;`,
        'export default worker(app);',
      ].join('\n'),
    );
    const mf: Miniflare = await runWorker(await bundleWorker(entry), options.worker);
    const origin = 'http://localhost';
    return {
      client: {
        target: 'worker',
        origin,
        fetch: async (path, init) => (await mf.dispatchFetch(`${origin}${path}`, init as never)) as unknown as Response,
      },
      stop: () => mf.dispose(),
    };
  },

  async lambda(appModule, options) {
    const { lambda } = await import('fw/lambda');
    const handler = lambda(await loadApp(appModule));
    const origin = 'https://id.execute-api.us-east-1.amazonaws.com';
    return {
      client: {
        target: 'lambda',
        origin,
        fetch: async (path, init) => {
          const event = await toEvent(new Request(`${origin}${path}`, init), options.lambdaSourceIp ?? '192.0.2.44');
          return fromResult((await handler(event as never, lambdaContext())) as LambdaResult);
        },
      },
      stop: async () => undefined,
    };
  },
};
