/**
 * `listen()`, `stop()` and the introspection methods (`getRoutes()`, `getMiddlewareInfo()`, `getAppConfig()`) as
 * functions of an app: not the kernel's own, so a `fw/core` worker bundle carries no server code. `fw`'s `Fw`
 * (src/app/fw.ts) has them as methods; a `fw/core` app is served with `serve(app)` from fw/node or fw/bun, and
 * tools that take any app (fw-mcp, the workspace) call `routeInfos(app)` and the others here.
 */
import type { Fw, MiddlewareEntry } from './fw';
import { platform } from './platform';
import type { AppConfigInfo, MiddlewareInfo, RouteInfo, Server } from './types';

type AnyFw = Fw<any, any>;

/** The server each app's `listen()` started, until `stop()`. */
const servers = new WeakMap<AnyFw, Server>();

function middlewareOf(app: AnyFw): MiddlewareEntry[] {
  return (app as unknown as { middleware: MiddlewareEntry[] }).middleware;
}

/** Every registered route of an app, as `getRoutes()` lists it (for modules that must work on a `fw/core` app too). */
export function routeInfos(app: AnyFw): RouteInfo[] {
  const middleware = middlewareOf(app);
  return app.routeRecords.map((r) => ({
    method: r.method,
    path: r.path,
    hasValidation: Boolean(
      r.options.schema && (r.options.schema.body || r.options.schema.query || r.options.schema.params || r.options.schema.headers),
    ),
    hasMiddleware:
      Boolean(r.options.beforeHandle || r.options.afterHandle) ||
      middleware.some((m) => m.prefix === null || r.path === m.prefix || r.path.startsWith(`${m.prefix}/`)),
    options: r.options,
  }));
}

/** Starts a server for an app through `config.adapter`, else the adapter its platform services lend (what `listen()` does). */
export async function listenApp(app: AnyFw, port?: number, callback?: (server: Server) => void): Promise<Server> {
  const adapter = app.config.adapter ?? (await platform(app, 'adapter', noAdapter));
  await app.ready();
  const server = await adapter.listen(app, port ?? app.config.port ?? 3000, app.config.hostname ?? '0.0.0.0');
  servers.set(app, server);
  callback?.(server);
  return server;
}

const noAdapter =
  "listen() needs an adapter: pass new Fw({ adapter }) with node() from 'fw/node' or bun() from 'fw/bun' (or serve(app) from either); on workers and Lambda export the app (fw/worker, fw/lambda) instead of listening";

/** Stops the server `listenApp()` started for an app, then runs every plugin's `onStop` in reverse order (what `stop()` does). */
export async function stopApp(app: AnyFw): Promise<void> {
  const server = servers.get(app);
  servers.delete(app);
  if (server) await server.stop();
  for (const p of [...app.getPluginConfigs()].reverse()) await p.onStop?.(app);
}

/** Stops any app: with its own `stop()` when it has one (`fw`'s `Fw` also closes `app.db`), else as `stopApp()`. */
export function stopAnyApp(app: AnyFw): Promise<void> {
  const own = (app as { stop?: () => Promise<void> }).stop;
  return typeof own === 'function' ? own.call(app) : stopApp(app);
}

/** Counts of an app's global and path-limited middleware (what `getMiddlewareInfo()` answers). */
export function middlewareInfo(app: AnyFw): MiddlewareInfo {
  const middleware = middlewareOf(app);
  let pathBased = 0;
  for (const m of middleware) if (m.prefix !== null) pathBased++;
  return { global: middleware.length - pathBased, pathBased };
}

/** Port, hostname and mode of an app, the listening server's when it listens (what `getAppConfig()` answers). */
export function appConfigInfo(app: AnyFw): AppConfigInfo {
  const server = servers.get(app);
  return {
    port: server?.port ?? app.config.port ?? 3000,
    hostname: server?.hostname ?? app.config.hostname ?? '0.0.0.0',
    development: app.config.development ?? false,
  };
}
