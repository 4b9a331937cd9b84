import { Context, type ExecutionContext } from './context';
import { HttpError } from './errors';
import { Group } from './group';
import { assertPlugin, missingDependency, sortPlugins } from './plugins';
import { buildPipeline, runMiddleware, type Pipeline, type RouteRecord } from './pipeline';
import type { Platform } from './platform';
import type { QueryParseCache } from './query';
import { defaultErrorResponse, statusOf, toResponse } from './respond';
import { checkBodyLimit } from './body-limit';
import { makeResponse, responseWithoutBody } from './response-factory';
import { assertSchemaCompiler, type CompiledRouteSchema, type SchemaCompiler } from './schema-compiler';
import { Router, noParams, normalizePattern, type Match } from './router';
import { canonicalPath, canonicalPattern, rawPathOf } from './path';
import { jsonFormat, getFormat, type DataFormat, type FormatTable } from './formats';
import { refuseUnknownOptions } from './option-names';
import { addVerbs, routeMethods as methods } from './verbs';
import type { Listed, RoutesOfPlugin } from './plugin-routes';
import type {
  AppTypeArgs,
  BindingsOf,
  DecorationsOf,
  HandlerResult,
  InputOf,
  NoTypes,
  RouteContext,
  RouteEntry,
  RoutesHolder,
  RoutesIn,
  StateOf,
  TypedRoute,
  TypesOf,
  WithContext,
  WithRoutes,
} from './typed-routes';
import type {
  ConstantAnswer,
  RouteSchema,
  AfterHook,
  AnswerHook,
  BeforeHook,
  ErrorHook,
  FwCoreConfig,
  FwPluginConfig,
  Handler,
  Middleware,
  RouteHandler,
  RouteMethod,
  RouteOptions,
} from './types';

/** A middleware with the path prefix it is limited to (null: every request). */
export interface MiddlewareEntry {
  prefix: string | null;
  fn: Middleware;
}

function prefixOf(path: string): string | null {
  let p = canonicalPattern(path);
  if (p.endsWith('/*')) p = p.slice(0, -2) || '/';
  return p === '/' || p === '*' || p === '/*' ? null : p;
}

function resolveFormat(app: Fw<any, any>, format: string | DataFormat | undefined): DataFormat {
  if (format === undefined) return jsonFormat;
  if (typeof format !== 'string') return format;
  const found = getFormat(app, format);
  if (!found) throw new Error(`Unknown data format "${format}": register it on the app first (registerFormat)`);
  return found;
}

/** No schema work: the pipeline of a route without `schema` or `serializers`. */
const noSchema: CompiledRouteSchema = { validate: null, serialize: null };

/**
 * A typed route handler: its context typed from the app's decorations D, state St and bindings E, the path and the
 * schema, or a constant answer. Methods pass T's parts, never T, so a handler's type holds no routes.
 */
export type TypedHandler<D, St, P extends string, S, R, E = any> = ((ctx: RouteContext<D, St, InputOf<P, S>, E>) => R) | ConstantAnswer;

/**
 * The app class of each kind (`fw`'s `Fw` adds `full` by declaration merging), so a registration returns the same
 * class it was called on, with its types grown: `Fw<T, K>` is an app of kind K with types T. D, St, Routes and E
 * are T's parts: a registration passes them (AppWith), so no conditional type reads them off T again.
 */
export interface AppKinds<
  T extends AppTypeArgs,
  D extends object = DecorationsOf<T>,
  St extends object = StateOf<T>,
  Routes = RoutesIn<T>,
  E = BindingsOf<T>,
> {
  core: Fw<T, 'core', D, St, Routes, E>;
}

/**
 * The app of kind K with these parts, as a registration returns it. Every part is passed as it is: reading one off
 * the app's types with a conditional type would instantiate the route union each time (see src/core/README.md).
 */
export type AppWith<K extends AppKind, D extends object, St extends object, Routes, E> = AppKinds<
  TypesOf<D, St, Routes, E>,
  D,
  St,
  Routes,
  E
>[K];

/** The group class of each kind (see AppKinds). */
export interface GroupKinds<
  T extends AppTypeArgs,
  Pre extends string,
  D extends object = DecorationsOf<T>,
  St extends object = StateOf<T>,
  Routes = RoutesIn<T>,
  E = BindingsOf<T>,
> {
  core: Group<T, Pre, 'core', D, St, Routes, E>;
}

/** The group of kind K under prefix Pre with these parts, as a group's registration returns it (see AppWith). */
export type GroupWith<K extends AppKind, Pre extends string, D extends object, St extends object, Routes, E> = GroupKinds<
  TypesOf<D, St, Routes, E>,
  Pre,
  D,
  St,
  Routes,
  E
>[K];

/**
 * What `group()` calls back with the group, returning it (its routes join the app's type) or nothing. An alias, not a
 * function type written in the method: `Fw` and `Group` are a class and an interface merged, so the checker counts
 * each of their type parameters as possibly used by a function type written inside them and instantiates it with
 * T's value, walking every route registered before the group.
 */
export type GroupCallback<K extends AppKind, Pre extends string, D extends object, St extends object, E, Added> = (
  group: GroupWith<K, Pre, D, St, never, E>,
) => RoutesHolder<Added> | void;

/** The kinds of app: `core` (fw/core) and those other entries add. */
export type AppKind = keyof AppKinds<NoTypes>;

/** The routes a group callback's returned group carries (none when it returns nothing). */
export type RoutesOf<G> = G extends RoutesHolder<infer Routes extends RouteEntry> ? Routes : never;

type PluginPart<Pl, Key extends 'decorate' | 'state'> = Pl extends { readonly [K in Key]?: infer X }
  ? unknown extends X
    ? {}
    : NonNullable<X>
  : {};

/** An app's types with a plugin's decorations, state and the routes it declares (plugin-routes.ts). */
export type WithPlugin<T extends AppTypeArgs, Pl> = WithRoutes<
  WithContext<T, PluginPart<Pl, 'decorate'>, PluginPart<Pl, 'state'>>,
  RoutesOfPlugin<Pl>
>;

/** Route options with the schema the route's types come from; hooks see the app's bindings E on `ctx.env`. */
export type TypedRouteOptions<S, E = any, H extends boolean = boolean> = Omit<RouteOptions<Context<E>>, 'schema' | 'hidden'> & {
  schema?: S;
  /** Left out of the OpenAPI document, MCP tools and the app's type (`fw/client`) when true. */
  hidden?: H;
};

/**
 * The fw kernel (`fw/core`): registers routes, hooks, middleware and plugins, and answers Requests with Responses.
 * It imports no module and no platform; `fw`'s `Fw` extends it with the JSON Schema compiler, file routes,
 * WebSockets and `app.db`.
 *
 * T: the app's types: `{ Bindings: Env }` when written by hand (`ctx.env` is then `Env`), then what registrations
 * add (decorations, state, routes); K: the kind of app (see AppKinds).
 * D, St, Routes and E (the bindings) are T's parts, never written by hand: parameters of their own, so a handler's
 * context and the next registration's types read them without instantiating T, whose route union the checker would
 * walk every time (see "Type-check cost" in src/core/README.md).
 */
export class Fw<
  T extends AppTypeArgs = NoTypes,
  K extends AppKind = 'core',
  D extends object = DecorationsOf<T>,
  St extends object = StateOf<T>,
  Routes = RoutesIn<T>,
  E = BindingsOf<T>,
> {
  /** The app's types (routes, decorations, state): compile time only, never set. */
  declare readonly '~types'?: T;
  /** The app's routes (T's): compile time only, never set; registrations read them through their `this`. */
  declare readonly '~routes': Routes;

  /**
   * Checks the options of `new Fw()`, so a typo fails at startup: the kernel names the unknown key and lists the
   * options; `fw`'s `Fw` replaces it with its own table and a "did you mean".
   */
  static checkConfig(config: FwCoreConfig): void {
    refuseUnknownOptions(config);
  }

  declare readonly config: FwCoreConfig;
  /** The Context class of this app; decorations live on its prototype. */
  declare readonly ContextClass: new (
    ...args: ConstructorParameters<typeof Context>
  ) => Context;
  /** The largest request body the context's readers accept, in bytes (`config.maxBodySize`, default 1 MiB). */
  declare readonly maxBodySize: number;
  /** The data formats registered on this app (`registerFormat`); unset while JSON is its only one. */
  declare formats?: FormatTable;
  /**
   * The platform services this app uses (file routes, static files, `listen()`'s adapter, …): preset by `fw`'s Node
   * and Bun entries, given by `serve(app)` or `installNodeServices(app)`; unset on a bare fw/core app and on workers.
   */
  declare platform?: Platform;
  /** Bumped by every registration so compiled pipelines know when to rebuild. */
  generation = 0;

  /** The parsed-query cache requests share (`fw`'s `Fw` sets one; the kernel parses every query string). */
  queryCache: QueryParseCache | null = null;

  readonly #router: Router<RouteRecord>;
  /** Every registered route in order (read by `getRoutes()`, which the runtime entries install). */
  readonly routeRecords: RouteRecord[] = [];
  /** Every `use()` middleware with its path prefix, in order (subclasses hand it to what runs before routes). */
  protected readonly middleware: MiddlewareEntry[] = [];
  readonly #beforeHooks: BeforeHook[] = [];
  readonly #afterHooks: AfterHook[] = [];
  readonly #errorHooks: ErrorHook[] = [];
  #notFoundHandler: Handler | null = null;
  readonly #pluginList: FwPluginConfig[] = [];
  readonly #pluginNames = new Set<string>();
  #pluginQueue: Promise<void> = Promise.resolve();
  readonly #decorations = new Map<string, unknown>();
  readonly #sharedState: Record<string, unknown> = {};
  #format: DataFormat;
  #started = false;
  #startedPlugins = 0;
  #starting: Promise<void> | null = null;
  #schemaCompiler: SchemaCompiler | null = null;
  /** Runs on every answer once the app has started (`observeAnswers` from fw/metrics sets it); null: none. */
  answerHook: AnswerHook | null = null;

  constructor(config: FwCoreConfig = {}) {
    (new.target as typeof Fw).checkConfig(config);
    this.config = config;
    this.#router = new Router(config.routeSyntax);
    if (config.schemaCompiler !== undefined) this.setSchemaCompiler(config.schemaCompiler);
    this.#format = resolveFormat(this, config.format);
    this.maxBodySize = checkBodyLimit(config.maxBodySize);
    this.ContextClass = class AppContext extends Context {};
  }

  /** Answers a Request: the one entry every target calls, with the platform's env and execution context. */
  fetch = (request: Request, env?: unknown, executionCtx?: ExecutionContext): Response | Promise<Response> => {
    if (this.#started) return this.#dispatch(request, env, executionCtx);
    // Through `this.fetch` again: a plugin's setup (run by ready()) may have wrapped it, and this answer is its too.
    return this.ready().then(
      () => this.fetch(request, env, executionCtx),
      (error) => this.#unhandledError(new this.ContextClass(this, request, '/', env, executionCtx), error),
    );
  };

  /** Answers a Request without platform arguments. */
  async handle(request: Request): Promise<Response> {
    return this.fetch(request);
  }

  /**
   * Answers a path, URL or Request in process (for tests and in-process calls): `app.request('/users')`. A path is
   * taken as written on `http://localhost` (`//admin` is a path, not a host); `init` applies to a Request too.
   */
  async request(input: string | Request, init?: RequestInit): Promise<Response> {
    const request =
      typeof input !== 'string'
        ? init === undefined
          ? input
          : new Request(input, init)
        : new Request(input.startsWith('/') ? `http://localhost${input}` : new URL(input, 'http://localhost'), init);
    return this.fetch(request);
  }

  /** Registers a handler (or a constant value to answer with) for a method and a path pattern. */
  route<
    const M extends string,
    const P extends string,
    const S extends RouteSchema = {},
    R extends HandlerResult<S> = HandlerResult<S>,
    const H extends boolean = false,
    Rs = never,
  >(
    this: RoutesHolder<Rs>,
    method: M,
    path: P,
    handler: TypedHandler<D, St, P, S, R, E>,
    options?: TypedRouteOptions<S, E, H>,
  ): AppWith<K, D, St, Rs | Listed<H, TypedRoute<Uppercase<M>, P, S, R>>, E>;
  route(method: string, path: string, handler: RouteHandler, options: RouteOptions = {}): unknown {
    const upper = method.toUpperCase() as RouteMethod;
    if (!methods.includes(upper)) throw new Error(`Unknown route method "${method}": use one of ${methods.join(', ')}`);
    if (typeof path !== 'string') throw new TypeError('A route path must be a string');
    if (handler === undefined)
      throw new TypeError(`Route ${upper} ${path}: the handler is undefined (a bad import?); pass a function or a value`);
    const canonical = canonicalPattern(path);
    if (hasSchemaWork(options)) this.#compilerFor(`${upper} ${canonical}`).check(`${upper} ${canonical}`, options);
    const record: RouteRecord = { method: upper, path: canonical, handler, options, pipeline: null, generation: -1 };
    this.#router.add(upper, path, record);
    this.routeRecords.push(record);
    this.generation++;
    return this;
  }

  /** Sets the compiler of route `schema` and `serializers` options (`jsonSchemaCompiler` from `fw/schema`); routes registered before keep theirs. */
  setSchemaCompiler(compiler: SchemaCompiler): this {
    assertSchemaCompiler(compiler);
    this.#schemaCompiler = compiler;
    this.generation++;
    return this;
  }

  /** Registers the callback's routes under a prefix; groups nest and prefixes concatenate. */
  /**
   * A callback that returns its group (`(g) => g.get(…).post(…)`) adds the group's routes to the app's type (for
   * `createClient`); the group's routes see the prefix's params either way.
   */
  group<const Pre extends string, Added = never, Rs = never>(
    this: RoutesHolder<Rs>,
    prefix: Pre,
    callback: GroupCallback<K, Pre, D, St, E, Added>,
  ): AppWith<K, D, St, Rs | Added, E>;
  group(prefix: string, callback: (group: never) => unknown): unknown {
    callback(this.groupAt(normalizePattern(prefix)) as never);
    return this as never;
  }

  /** The group object `group()` hands its callback (a subclass hands one with more methods). */
  protected groupAt(prefix: string): Group<any, any, any> {
    return new Group(this, prefix);
  }

  /** Adds middleware (for every request or under a path prefix), or registers a plugin. */
  use<Pl extends FwPluginConfig>(plugin: Pl): AppKinds<WithPlugin<TypesOf<D, St, Routes, E>, Pl>>[K];
  use(pathOrMiddleware: string | Middleware<Context<E>>, middleware?: Middleware<Context<E>>): this;
  use(pathOrMiddleware: string | Middleware | FwPluginConfig, middleware?: Middleware): unknown {
    if (typeof pathOrMiddleware === 'string') {
      if (typeof middleware !== 'function') throw new TypeError('use(path, fn) needs a middleware function');
      this.middleware.push({ prefix: prefixOf(pathOrMiddleware), fn: middleware });
    } else if (typeof pathOrMiddleware === 'function') {
      this.middleware.push({ prefix: null, fn: pathOrMiddleware });
    } else if (typeof (pathOrMiddleware as FwPluginConfig | null)?.name === 'string') {
      this.plugin(pathOrMiddleware).catch(() => undefined);
      return this;
    } else {
      throw new TypeError('use() takes a middleware, a path and a middleware, or a plugin');
    }
    this.generation++;
    return this;
  }

  /** Runs before every route handler; returning a Response answers instead of the route. */
  onBeforeHandle(hook: BeforeHook<Context<E>>): this {
    this.#beforeHooks.push(hook);
    this.generation++;
    return this;
  }
  /** Runs after every route handler with its Response; returning a Response replaces it. */
  onAfterHandle(hook: AfterHook<Context<E>>): this {
    this.#afterHooks.push(hook);
    this.generation++;
    return this;
  }
  /** Turns thrown errors into responses; hooks run in order until one returns something. */
  onError(hook: ErrorHook<Context<E>>): this {
    this.#errorHooks.push(hook);
    this.generation++;
    return this;
  }
  /** Answers requests that match no route. */
  onNotFound(handler: Handler<Context<E>>): this {
    this.#notFoundHandler = handler;
    this.generation++;
    return this;
  }
  /** @deprecated since 1.1: use `onNotFound`. */
  notFound(handler: Handler<Context<E>>): this {
    return this.onNotFound(handler);
  }

  /** Registers a plugin (or a list, ordered by dependencies); resolves once its setup has run. */
  plugin<Pl extends FwPluginConfig>(plugin: Pl): Promise<AppKinds<WithPlugin<TypesOf<D, St, Routes, E>, Pl>>[K]>;
  plugin(plugin: FwPluginConfig[]): Promise<this>;
  plugin(plugin: FwPluginConfig | FwPluginConfig[]): Promise<unknown> {
    const list = Array.isArray(plugin) ? plugin : [plugin];
    list.forEach(assertPlugin);
    const ordered = Array.isArray(plugin) ? sortPlugins(list, (n) => this.#pluginNames.has(n)) : list;
    for (const p of ordered) this.#register(p);
    return this.#pluginQueue.then(() => this);
  }

  /** Whether a plugin with this name is registered. */
  hasPlugin(name: string): boolean {
    return this.#pluginNames.has(name);
  }
  /** Names of registered plugins, in registration order. */
  getPlugins(): string[] {
    return this.#pluginList.map((p) => p.name);
  }
  /** Registered plugin configs, for tools that draw the dependency graph. */
  getPluginConfigs(): readonly FwPluginConfig[] {
    return this.#pluginList;
  }

  /** Reads shared app state. */
  state<T = unknown>(key: string): T | undefined {
    return this.#sharedState[key] as T | undefined;
  }
  /** Writes shared app state (seen by every request as `ctx.state.<key>`). */
  setState<const Key extends string, V>(key: Key, value: V): AppKinds<TypesOf<D, St & { [k in Key]: V }, Routes, E>>[K] {
    this.#sharedState[key] = value;
    return this as never;
  }
  /** The shared state object itself (what `ctx.state` inherits from). */
  stateObject(): Record<string, unknown> {
    return this.#sharedState;
  }

  /** Reads a decoration. */
  decorator<T = unknown>(key: string): T | undefined {
    return this.#decorations.get(key) as T | undefined;
  }
  /** Adds `ctx.<key>` to every request; functions are called with the context as `this`. */
  decorate<const Key extends string, V>(key: Key, value: V): AppKinds<TypesOf<D & { [k in Key]: V }, St, Routes, E>>[K] {
    if (key in new Context(this, new Request('http://localhost/'), '/'))
      throw new Error(`Cannot decorate "${key}": the context already has a member of that name`);
    this.#decorations.set(key, value);
    Object.defineProperty(this.ContextClass.prototype, key, { value, writable: true, configurable: true, enumerable: false });
    return this as never;
  }

  /** The default data format of this app's responses. */
  getFormat(): DataFormat {
    return this.#format;
  }
  /** Sets the default data format (a registered name or a DataFormat). */
  setFormat(format: string | DataFormat): this {
    this.#format = resolveFormat(this, format);
    this.generation++;
    return this;
  }

  /** Builds every route's pipeline (validators and serializers included) and the router's lookups now instead of on first request. */
  compile(): this {
    for (const route of this.routeRecords) if (route.generation !== this.generation) this.#pipelineFor(route);
    this.#router.build();
    return this;
  }

  /** Waits for plugin setups (and plugins they register), runs each `onStart` once and compiles; the first request does this itself. */
  ready(): Promise<void> {
    return (this.#starting ??= (async () => {
      let queue: Promise<void>;
      do {
        queue = this.#pluginQueue;
        await queue;
        while (this.#startedPlugins < this.#pluginList.length) await this.#pluginList[this.#startedPlugins++].onStart?.(this);
      } while (queue !== this.#pluginQueue);
      this.compile();
      this.#started = true;
    })());
  }

  /** The error response for a thrown value: `onError` hooks first, then the default body. */
  async handleError(ctx: Context, error: unknown): Promise<Response> {
    for (const hook of this.#errorHooks) {
      try {
        const result = await hook(error, ctx);
        if (result !== undefined) return toResponse(ctx, result, null);
      } catch (hookError) {
        error = hookError;
      }
    }
    return this.#unhandledError(ctx, error);
  }

  /** Writes one unhandled error for `logErrors: true`: the error as it is (`fw`'s `Fw` writes the formatted log). */
  logUnhandled(error: unknown, _ctx: Context, _status: number, _development: boolean): void {
    console.error(error);
  }

  /** The default error response, with the error logged when it is a 5xx (nothing answered it on purpose). */
  #unhandledError(ctx: Context, error: unknown): Response {
    const development = this.config.development ?? false;
    const status = statusOf(error);
    const log = this.config.logErrors;
    if (status >= 500 && log !== false) {
      try {
        if (typeof log === 'function') log(error, ctx);
        else this.logUnhandled(error, ctx, status, development);
      } catch {
        // A failing logger must not turn the error answer into a crash.
      }
    }
    return defaultErrorResponse(ctx, error, development);
  }

  #register(plugin: FwPluginConfig): void {
    if (this.#pluginNames.has(plugin.name)) throw new Error(`Plugin "${plugin.name}" is already registered`);
    for (const dep of plugin.dependencies ?? []) if (!this.#pluginNames.has(dep)) throw missingDependency(plugin.name, dep);
    this.#pluginNames.add(plugin.name);
    this.#pluginList.push(plugin);
    for (const key in plugin.decorate ?? {}) this.decorate(key, plugin.decorate![key]);
    for (const key in plugin.state ?? {}) if (!(key in this.#sharedState)) this.#sharedState[key] = plugin.state![key];
    if (plugin.setup) {
      const setup = plugin.setup;
      this.#pluginQueue = this.#pluginQueue.then(() => setup(this));
    }
    if (this.#starting !== null) {
      this.#started = false;
      this.#starting = null;
    }
  }

  /** The compiler for a route that has schema work; throws, naming the route and `fw/schema`, when the app has none. */
  #compilerFor(route: string): SchemaCompiler {
    if (this.#schemaCompiler !== null) return this.#schemaCompiler;
    throw new Error(
      `Route ${route} has \`schema\` or \`serializers\` but no schema compiler: use Fw from 'fw', or setSchemaCompiler() from 'fw/schema'`,
    );
  }

  #pipelineFor(route: RouteRecord): Pipeline {
    const label = `${route.method} ${route.path}`;
    const schema = hasSchemaWork(route.options)
      ? this.#compilerFor(label).compile(label, route.options, this.config.lruSchemaCache !== false)
      : noSchema;
    route.pipeline = buildPipeline(this, route, this.#beforeHooks, this.#afterHooks, schema);
    route.generation = this.generation;
    return route.pipeline;
  }

  #dispatch(request: Request, env: unknown, executionCtx: ExecutionContext | undefined): Response | Promise<Response> {
    const path = canonicalPath(rawPathOf(request.url), this.config.allowEncodedSlashes);
    const ctx = new this.ContextClass(this, request, path ?? '/', env, executionCtx);
    const hook = this.answerHook;
    return hook === null ? this.#answer(ctx, path) : hook(ctx, () => this.#answer(ctx, path));
  }

  #answer(ctx: Context, path: string | null): Response | Promise<Response> {
    // A path with no canonical form or with an encoded slash is refused before any middleware (no guard could judge it).
    if (path === null)
      return this.#unhandledError(
        ctx,
        new HttpError(400, 'Malformed percent-encoding or encoded slash in the request path', { code: 'BAD_PATH' }),
      );
    const method = ctx.method;
    const match = this.#router.match(method, path) ?? this.#fallbackMatch(method, path);
    if (match === null) return this.#unmatched(ctx);
    const route = match.value;
    if (match.params !== noParams) ctx.params = match.params;
    ctx.routePath = route.path;
    const pipeline = route.generation === this.generation ? route.pipeline! : this.#pipelineFor(route);
    const response = this.middleware.length === 0 ? pipeline(ctx) : runMiddleware(this, ctx, this.middleware, pipeline);
    if (method !== 'HEAD' || route.method === 'HEAD') return response;
    return Promise.resolve(response).then((r) => responseWithoutBody(ctx, r));
  }

  /** The match for a request the router missed: a GET route for HEAD, and the path without its trailing slash. */
  #fallbackMatch(method: string, path: string): Match<RouteRecord> | null {
    const trimmed = path.length > 1 && path.charCodeAt(path.length - 1) === 47 ? path.slice(0, -1) : null;
    if (trimmed !== null) {
      const found = this.#router.match(method, trimmed);
      if (found !== null) return found;
    }
    if (method !== 'HEAD') return null;
    return this.#router.match('GET', path) ?? (trimmed === null ? null : this.#router.match('GET', trimmed));
  }

  #unmatched(ctx: Context): Promise<Response> {
    const path = ctx.path;
    const allowed = this.#router.allowedMethods(path);
    if (allowed.length === 0 && path.length > 1 && path.endsWith('/')) allowed.push(...this.#router.allowedMethods(path.slice(0, -1)));
    const final: Pipeline = (c) => this.#answerUnmatched(c, allowed);
    return Promise.resolve(this.middleware.length === 0 ? final(ctx) : runMiddleware(this, ctx, this.middleware, final));
  }

  /** The answer for an unmatched path before `onNotFound` (a subclass answers a ws-only path with 426); null: none. */
  protected unmatchedAnswer(_path: string): Response | null {
    return null;
  }

  async #answerUnmatched(ctx: Context, allowed: string[]): Promise<Response> {
    try {
      if (allowed.length > 0) {
        const list = allowed.includes('ALL')
          ? methods.filter((m) => m !== 'ALL')
          : [...new Set([...allowed, ...(allowed.includes('GET') ? ['HEAD'] : []), 'OPTIONS'])];
        const headers = { allow: list.join(', ') };
        if (ctx.method === 'OPTIONS') return makeResponse(ctx, null, 204, headers);
        return this.#unhandledError(
          ctx,
          new HttpError(405, `Method ${ctx.method} is not allowed on ${ctx.path}`, { code: 'METHOD_NOT_ALLOWED', headers }),
        );
      }
      const special = this.unmatchedAnswer(ctx.path);
      if (special !== null) return special;
      if (this.#notFoundHandler) return toResponse(ctx, await this.#notFoundHandler(ctx), null);
      return this.#unhandledError(ctx, new HttpError(404, `Route ${ctx.method} ${ctx.path} not found`, { code: 'NOT_FOUND' }));
    } catch (error) {
      return this.handleError(ctx, error);
    }
  }
}

/** Where the query string starts in a URL (the index of `?`), or -1 when it has none before a fragment. */
/** The verb methods, added to the class's prototype by `addVerbs` (one loop instead of eight copies of a method). */
export interface Fw<
  T extends AppTypeArgs = NoTypes,
  K extends AppKind = 'core',
  D extends object = DecorationsOf<T>,
  St extends object = StateOf<T>,
  // biome-ignore lint/correctness/noUnusedVariables: the class this interface merges with reads it
  Routes = RoutesIn<T>,
  E = BindingsOf<T>,
> {
  get<
    const P extends string,
    const S extends RouteSchema = {},
    R extends HandlerResult<S> = HandlerResult<S>,
    const H extends boolean = false,
    Rs = never,
  >(
    this: RoutesHolder<Rs>,
    path: P,
    handler: TypedHandler<D, St, P, S, R, E>,
    options?: TypedRouteOptions<S, E, H>,
  ): AppWith<K, D, St, Rs | Listed<H, TypedRoute<'GET', P, S, R>>, E>;
  post<
    const P extends string,
    const S extends RouteSchema = {},
    R extends HandlerResult<S> = HandlerResult<S>,
    const H extends boolean = false,
    Rs = never,
  >(
    this: RoutesHolder<Rs>,
    path: P,
    handler: TypedHandler<D, St, P, S, R, E>,
    options?: TypedRouteOptions<S, E, H>,
  ): AppWith<K, D, St, Rs | Listed<H, TypedRoute<'POST', P, S, R>>, E>;
  put<
    const P extends string,
    const S extends RouteSchema = {},
    R extends HandlerResult<S> = HandlerResult<S>,
    const H extends boolean = false,
    Rs = never,
  >(
    this: RoutesHolder<Rs>,
    path: P,
    handler: TypedHandler<D, St, P, S, R, E>,
    options?: TypedRouteOptions<S, E, H>,
  ): AppWith<K, D, St, Rs | Listed<H, TypedRoute<'PUT', P, S, R>>, E>;
  patch<
    const P extends string,
    const S extends RouteSchema = {},
    R extends HandlerResult<S> = HandlerResult<S>,
    const H extends boolean = false,
    Rs = never,
  >(
    this: RoutesHolder<Rs>,
    path: P,
    handler: TypedHandler<D, St, P, S, R, E>,
    options?: TypedRouteOptions<S, E, H>,
  ): AppWith<K, D, St, Rs | Listed<H, TypedRoute<'PATCH', P, S, R>>, E>;
  delete<
    const P extends string,
    const S extends RouteSchema = {},
    R extends HandlerResult<S> = HandlerResult<S>,
    const H extends boolean = false,
    Rs = never,
  >(
    this: RoutesHolder<Rs>,
    path: P,
    handler: TypedHandler<D, St, P, S, R, E>,
    options?: TypedRouteOptions<S, E, H>,
  ): AppWith<K, D, St, Rs | Listed<H, TypedRoute<'DELETE', P, S, R>>, E>;
  head<
    const P extends string,
    const S extends RouteSchema = {},
    R extends HandlerResult<S> = HandlerResult<S>,
    const H extends boolean = false,
    Rs = never,
  >(
    this: RoutesHolder<Rs>,
    path: P,
    handler: TypedHandler<D, St, P, S, R, E>,
    options?: TypedRouteOptions<S, E, H>,
  ): AppWith<K, D, St, Rs | Listed<H, TypedRoute<'HEAD', P, S, R>>, E>;
  options<
    const P extends string,
    const S extends RouteSchema = {},
    R extends HandlerResult<S> = HandlerResult<S>,
    const H extends boolean = false,
    Rs = never,
  >(
    this: RoutesHolder<Rs>,
    path: P,
    handler: TypedHandler<D, St, P, S, R, E>,
    options?: TypedRouteOptions<S, E, H>,
  ): AppWith<K, D, St, Rs | Listed<H, TypedRoute<'OPTIONS', P, S, R>>, E>;
  all<
    const P extends string,
    const S extends RouteSchema = {},
    R extends HandlerResult<S> = HandlerResult<S>,
    const H extends boolean = false,
    Rs = never,
  >(
    this: RoutesHolder<Rs>,
    path: P,
    handler: TypedHandler<D, St, P, S, R, E>,
    options?: TypedRouteOptions<S, E, H>,
  ): AppWith<K, D, St, Rs | Listed<H, TypedRoute<'ALL', P, S, R>>, E>;
}

addVerbs(Fw);

/** Whether a route has options a schema compiler must handle. */
function hasSchemaWork(options: RouteOptions): boolean {
  return options.schema !== undefined || options.serializers !== undefined;
}
