/**
 * `listen()`, `stop()` and the introspection methods (`getRoutes()`, `getMiddlewareInfo()`, `getAppConfig()`):
 * not the kernel's own. The runtime entries install them on every app (`fw`'s `Fw`, fw/node, fw/bun call
 * `installServerMethods()`), so a `fw/core` worker bundle carries no server code; a `fw/core` app on Node is served
 * with `serve(app)` from fw/node (or `app.listen()` once fw/node is imported).
 */
import { Fw, type MiddlewareEntry } from './fw';
import { platform } from './platform';
import type { AppTypeArgs, RouteEntry } from './typed-routes';
import type { AppKind } from './fw';
import type { AppConfigInfo, MiddlewareInfo, RouteInfo, Server } from './types';

declare module './fw' {
  interface Fw<T extends AppTypeArgs, K extends AppKind, D extends object, St extends object, Routes extends RouteEntry, E> {
    /** Starts a server through the configured adapter, or the one the runtime's entry provides (Bun's, else Node's). */
    listen(port?: number, callback?: (server: Server) => void): Promise<Server>;
    /** Stops the server started by `listen()` and runs every `onStop` callback in reverse order. */
    stop(): Promise<void>;
    /** Every registered route, group routes included. */
    getRoutes(): RouteInfo[];
    /** Counts of global and path-limited middleware. */
    getMiddlewareInfo(): MiddlewareInfo;
    /** Port, hostname and mode of the app. */
    getAppConfig(): AppConfigInfo;
  }
}

const noAdapter =
  "listen() needs an adapter here: pass new Fw({ adapter }) with node() from 'fw/node' or bun() from 'fw/bun'; on workers and Lambda export the app (fw/worker, fw/lambda) instead of listening";

/** The server each app's `listen()` started, until `stop()`. */
const servers = new WeakMap<Fw<any, any>, Server>();

type AnyFw = Fw<any, any>;

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

const methods = {
  async listen(this: AnyFw, port?: number, callback?: (server: Server) => void): Promise<Server> {
    const adapter = this.config.adapter ?? (await platform('adapter', noAdapter));
    await this.ready();
    const server = await adapter.listen(this, port ?? this.config.port ?? 3000, this.config.hostname ?? '0.0.0.0');
    servers.set(this, server);
    callback?.(server);
    return server;
  },

  async stop(this: AnyFw): Promise<void> {
    const server = servers.get(this);
    servers.delete(this);
    if (server) await server.stop();
    for (const p of [...this.getPluginConfigs()].reverse()) await p.onStop?.(this);
  },

  getRoutes(this: AnyFw): RouteInfo[] {
    return routeInfos(this);
  },

  getMiddlewareInfo(this: AnyFw): MiddlewareInfo {
    const middleware = middlewareOf(this);
    let pathBased = 0;
    for (const m of middleware) if (m.prefix !== null) pathBased++;
    return { global: middleware.length - pathBased, pathBased };
  },

  getAppConfig(this: AnyFw): AppConfigInfo {
    const server = servers.get(this);
    return {
      port: server?.port ?? this.config.port ?? 3000,
      hostname: server?.hostname ?? this.config.hostname ?? '0.0.0.0',
      development: this.config.development ?? false,
    };
  },
};

/** Adds `listen()`, `stop()` and the introspection methods to every app (idempotent; the runtime entries call it on load). */
export function installServerMethods(): void {
  for (const [name, fn] of Object.entries(methods)) {
    Object.defineProperty(Fw.prototype, name, { value: fn, writable: true, configurable: true, enumerable: false });
  }
}
