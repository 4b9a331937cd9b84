import { Context, type ExecutionContext } from '../core/context';
import { Fw as CoreFw } from '../core/fw';
import type { Platform } from '../core/platform';
import type { FwCoreConfig } from '../core/types';
import type { AppTypeArgs, BindingsOf, DecorationsOf, NoTypes, RoutesIn, StateOf } from '../core/typed-routes';
import type { AppKind } from '../core/fw';
import { fullRouteSyntax } from '../core/route-syntax';
import { coreConfigKeys } from '../core/config-keys';
import { addContextExtras, queryCacheFor } from '../core/context-extras';
import { logUnhandled } from '../core/error-log';
import { registerFormat, type DataFormat } from '../core/formats';
import { checkOptions } from '../core/options';
import { appConfigInfo, listenApp, middlewareInfo, routeInfos, stopApp } from '../core/server-methods';
import type { AppConfigInfo, MiddlewareInfo, RouteInfo, Server } from '../core/types';
import { addCookieMethods } from '../cookie/context-methods';
import { moveFirst } from '../cors/runs-first';
import type { Database } from '../db/database';
import type { DatabaseConfig } from '../db/types';
import { fromFileRoutes, type FileRoutesOptions } from '../file-routes/from-file-routes';
import { bundledDatabase } from './bundled-database';
import { jsonSchemaCompiler } from '../schema/compiler';
import { WebSocketRoutes, type WebSocketHandlers, type WebSocketRouteOptions, type WebSocketUpgrade } from '../ws/routes';
import { Group } from './group';
import { checkStatusOnRoute } from './route-status';

declare module '../core/fw' {
  interface AppKinds<T extends AppTypeArgs, D extends object, St extends object, Routes, E> {
    full: FullFw<T, D, St, Routes, E>;
  }
  interface GroupKinds<T extends AppTypeArgs, Pre extends string, D extends object, St extends object, Routes, E> {
    full: Group<T, Pre, D, St, Routes, E>;
  }
  interface Fw<T extends AppTypeArgs, K extends AppKind, D extends object, St extends object, Routes, E> {
    /** The database of `config.database`: present on `fw`'s `Fw` (see src/db), typed here so `ctx.app.db` reads it. */
    readonly db: Database;
  }
}

declare module '../core/platform' {
  interface PlatformServices {
    /** Makes `app.db` of a plain `database` config; its loader answers synchronously (`app.db` is a property). */
    database: (config: DatabaseConfig) => Database;
  }
}

/** The context of `fw`'s apps: the kernel's, with the cookie methods and ctx.queries/formData/parseBody (added below). */
class FullContext extends Context {}

/** This module's `Fw`, named so the augmentation of the kernel's module above can refer to it. */
type FullFw<T extends AppTypeArgs, D extends object, St extends object, Routes, E> = Fw<T, D, St, Routes, E>;

/** Options of `new Fw()` from `fw`: the kernel's, and the database behind `app.db`. */
export interface FwConfig extends FwCoreConfig {
  /** Database configuration (or a Database from `createDatabase`): makes `app.db` available lazily. */
  database?: DatabaseConfig | Database;
  /** Data formats besides JSON this app reads and answers in (`registerYamlFormat` from `fw/schema` adds YAML); other apps never see them. */
  formats?: DataFormat[];
  /** This app's platform services (file routes, static files, `listen()`'s adapter, …); `fw`'s Node and Bun entries preset their runtime's. */
  platform?: Platform;
}

/**
 * The fw application of the spec: the kernel (`fw/core`) with the JSON Schema compiler preset, WebSocket routes,
 * file routes and `app.db`. `new Fw()` from `fw` is this class.
 */
export class Fw<
  T extends AppTypeArgs = NoTypes,
  D extends object = DecorationsOf<T>,
  St extends object = StateOf<T>,
  Routes = RoutesIn<T>,
  E = BindingsOf<T>,
> extends CoreFw<T, 'full', D, St, Routes, E> {
  /** The options `new Fw()` accepts: the kernel's and `database` (a subclass that adds options extends this table). */
  static readonly configKeys: Readonly<Record<string, true>> = { ...coreConfigKeys, database: true, formats: true, platform: true };

  /** A mistyped option fails at startup, naming the closest known one. */
  static override checkConfig(this: typeof Fw, config: FwConfig): void {
    checkOptions('new Fw()', config, this.configKeys as Record<keyof FwConfig, true>);
  }

  declare readonly config: FwConfig;
  #websockets: WebSocketRoutes | null = null;
  private database: Database | null = null;

  constructor(config: FwConfig = {}) {
    // The kernel resolves `format` by name among the app's formats: registered here first, then the default set.
    // …and its router reads the full route syntax unless the config names another.
    const named = config.formats !== undefined && typeof config.format === 'string';
    super({ ...config, format: named ? undefined : config.format, routeSyntax: config.routeSyntax ?? fullRouteSyntax });
    (this as { ContextClass: typeof FullContext }).ContextClass = class AppContext extends FullContext {};
    (this as { config: FwConfig }).config = config;
    if (config.formats !== undefined) {
      if (!Array.isArray(config.formats)) throw new TypeError('new Fw(): `formats` must be an array of data formats');
      for (const format of config.formats) registerFormat(this, format);
      if (named) this.setFormat(config.format!);
    }
    if (config.platform !== undefined) {
      if (!config.platform || typeof config.platform !== 'object')
        throw new TypeError('new Fw(): `platform` must be an object of platform services (e.g. nodeServices from fw/node)');
      this.platform = config.platform;
    }
    this.queryCache = queryCacheFor(config);
    if (config.schemaCompiler === undefined) this.setSchemaCompiler(jsonSchemaCompiler);
  }

  /**
   * The app's WebSocket routes and the observers of its sockets (targets call `connect`, the RoomManager `observe`);
   * made on first use, so an app without WebSocket routes builds no router for them at start-up.
   */
  get websockets(): WebSocketRoutes {
    this.#websockets ??= new WebSocketRoutes();
    return this.#websockets;
  }

  /** Registers the callback's routes under a prefix; the group also registers WebSocket routes. */
  /** Adds (or replaces, by name) a data format on this app, so its requests can ask for it by Accept or Content-Type. */
  registerFormat(format: DataFormat): this {
    registerFormat(this, format);
    return this;
  }

  /** Registers a WebSocket route; `Data` types `ws.data` (what the `upgrade(ctx)` handler returns). */
  ws<Data = Record<string, unknown>>(path: string, handlers: WebSocketHandlers<Data>, options?: WebSocketRouteOptions): this {
    this.websockets.add(path, handlers, options);
    return this;
  }

  /**
   * Resolves a WebSocket handshake for a target: null when no ws route matches, a Response when refused
   * (middleware or the route's `upgrade(ctx)` answered), else the handlers, data and params to open the socket with.
   */
  async upgradeWebSocket(request: Request, env?: unknown, executionCtx?: ExecutionContext): Promise<WebSocketUpgrade | Response | null> {
    await this.ready();
    return this.websockets.resolve(this, this.middleware, request, env, executionCtx);
  }

  /** Registers the routes of a routes folder (default `src/routes`, read on Node and Bun) or of a built `manifest` (spec 4.3.6). */
  fromFileRoutes(options?: FileRoutesOptions): Promise<this> {
    return fromFileRoutes(this, options);
  }

  /** The database of `config.database` (see src/db): made on first access, connected on first query. */
  override get db(): Database {
    if (this.database) return this.database;
    const config = this.config.database;
    if (!config) throw new Error('app.db needs `database` in the Fw config: { url } and/or { type }');
    if (typeof (config as Database).query === 'function') return (this.database = (config as Database).adoptPlatform(this));
    const make = this.platform?.database?.() ?? bundledDatabase;
    if (typeof make !== 'function')
      throw new Error(
        'app.db: this app has no database module (no "database" platform service, and the bundle holds none); pass `database: createDatabase({ ... })` (import { createDatabase } from \'fw\')',
      );
    return (this.database = make({ platform: this.platform, ...(config as DatabaseConfig) }));
  }

  /** Writes one unhandled error for `logErrors: true` as the formatted log: a readable line in development, a JSON line in production. */
  override logUnhandled(error: unknown, ctx: Context, status: number, development: boolean): void {
    logUnhandled(error, ctx, status, development);
  }

  /** Starts a server through `config.adapter`, else the one the runtime's entry provides (Bun's, else Node's). */
  listen(port?: number, callback?: (server: Server) => void): Promise<Server> {
    return listenApp(this, port, callback);
  }

  /** Stops the server `listen()` started, runs every `onStop` callback in reverse order, then closes `app.db`. */
  async stop(): Promise<void> {
    await stopApp(this);
    await this.database?.close();
  }

  /** Every registered route, group routes included. */
  getRoutes(): RouteInfo[] {
    return routeInfos(this);
  }

  /** Counts of global and path-limited middleware. */
  getMiddlewareInfo(): MiddlewareInfo {
    return middlewareInfo(this);
  }

  /** Port, hostname and mode of the app (the listening server's port and hostname while it listens). */
  getAppConfig(): AppConfigInfo {
    return appConfigInfo(this);
  }

  /** Compiles as the kernel does, cors() moved ahead of every other middleware first, wherever it was registered (src/cors). */
  override compile(): this {
    moveFirst(this.middleware);
    return super.compile();
  }

  protected override groupAt(prefix: string): Group<any, any> {
    return new Group(this, prefix);
  }

  protected override unmatchedAnswer(path: string): Response | null {
    return this.#websockets?.has(path) ? this.#websockets.upgradeRequired(path) : null;
  }
}

// A route's `status` option is checked at registration here; the kernel leaves that out (see route-status.ts).
checkStatusOnRoute(Fw);
addCookieMethods(FullContext.prototype);
addContextExtras(FullContext.prototype, Fw.prototype);
