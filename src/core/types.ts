import type { ErrorLogOption } from './error-report';
import type { Context } from './context';
import type { Fw } from './fw';
import type { DataFormat } from './formats';
import type { SchemaCompiler } from './schema-compiler';
import type { RouteSyntax } from './router';

/** An HTTP method a route can be registered for; `ALL` answers any method. */
export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS' | 'ALL';

/** A JSON Schema object (draft 2020-12; drafts 7 and 2019-09 accepted). */
export type JSONSchema = Record<string, any>;

/** A route handler: returns a Response, a string, an object for the serializer, or nothing (204). */
export type Handler<C extends Context = Context> = (ctx: C) => unknown;

/** A constant a route answers with instead of a handler function (a Response is cloned per request). */
export type ConstantAnswer =
  | string
  | number
  | boolean
  | null
  | Response
  | Blob
  | ArrayBuffer
  | ArrayBufferView
  | ReadableStream
  | Record<string, unknown>
  | unknown[];

/** What a route registration accepts: a handler function or a constant answer. */
export type RouteHandler<C extends Context = Context> = Handler<C> | ConstantAnswer;

/** Runs before the handler; returning a Response short-circuits the route. */
export type BeforeHook<C extends Context = Context> = (ctx: C) => unknown;

/** Runs after the handler with its Response; returning a Response replaces it. */
export type AfterHook<C extends Context = Context> = (ctx: C, response: Response) => unknown;

/** Turns a thrown error into a response; returning nothing falls through to the default error body. */
export type ErrorHook<C extends Context = Context> = (error: unknown, ctx: C) => unknown;

/**
 * Runs around every answer of a started app, unmatched and refused requests included (`ctx.routePath` is set once
 * `answer()` has routed): it calls `answer()` once and returns what it answered, or a promise of it once the hook
 * has looked (`observeAnswers` from fw/metrics builds one).
 */
export type AnswerHook = (ctx: Context, answer: () => Response | Promise<Response>) => Response | Promise<Response>;

/** Onion-model middleware: call `next()` to run the rest and get its Response; return a Response to answer instead. */
export type Middleware<C extends Context = Context> = (ctx: C, next: () => Promise<Response>) => unknown;

/** Serializes one value for one media type (route option `serializers`). */
export type SerializerFn = (value: unknown) => string;

/** Schemas validated before the handler (`body`, `query`, `params`) and the response schema. */
export interface RouteSchema {
  body?: JSONSchema;
  query?: JSONSchema;
  params?: JSONSchema;
  headers?: JSONSchema;
  response?: JSONSchema | Record<string, JSONSchema>;
}

/** Per-route options: validation, hooks, serializers and documentation. */
export interface RouteOptions<C extends Context = Context> {
  /**
   * The status of the route's answers (an integer from 200 to 599), as if the handler began with `ctx.status(status)`:
   * a returned object, string or nothing (then an empty body) gets it, and the response schema of that status applies.
   * `fw`'s `Fw` refuses another value at registration; the kernel (`fw/core`) leaves that to the Response it builds.
   */
  status?: number;
  schema?: RouteSchema;
  beforeHandle?: BeforeHook<C> | BeforeHook<C>[];
  afterHandle?: AfterHook<C> | AfterHook<C>[];
  serializers?: Record<string, JSONSchema | SerializerFn>;
  tags?: string[];
  summary?: string;
  description?: string;
  operationId?: string;
  deprecated?: boolean;
  hidden?: boolean;
  security?: Record<string, string[]>[];
}

/** One registered route, as `getRoutes()` lists it. */
export interface RouteInfo {
  method: RouteMethod;
  path: string;
  hasValidation: boolean;
  hasMiddleware: boolean;
  options?: RouteOptions;
}

/** Counts of registered middleware. */
export interface MiddlewareInfo {
  global: number;
  pathBased: number;
}

/** Where and how the app listens. */
export interface AppConfigInfo {
  port: number;
  hostname: string;
  development: boolean;
}

/** A plugin: named setup, decorations, shared state, dependencies and lifecycle callbacks. */
export interface FwPluginConfig {
  name: string;
  setup?(app: Fw<any, any>): void | Promise<void>;
  decorate?: Record<string, unknown>;
  state?: Record<string, unknown>;
  dependencies?: string[];
  onStart?(app: Fw<any, any>): void | Promise<void>;
  onStop?(app: Fw<any, any>): void | Promise<void>;
}

/** The plugin type; a plugin is its config object. */
export type FwPlugin = FwPluginConfig;

/** A running server returned by `listen()`. */
export interface Server {
  port: number;
  hostname: string;
  stop(): Promise<void>;
}

/** Runs an app on a platform; `fw/node` and `fw/bun` provide one. */
export interface Adapter {
  name: string;
  listen(app: Fw<any, any>, port: number, hostname: string): Promise<Server> | Server;
}

/** Options of the kernel `Fw` constructor (`fw/core`); `fw` adds `database`. */
export interface FwCoreConfig {
  /** Cache parsed query strings (default true). */
  queryCache?: boolean;
  /** Size of the query cache (default 512). */
  queryCacheSize?: number;
  /** Keep compiled validators in an LRU of 10000 (default true). */
  lruSchemaCache?: boolean;
  /** The compiler of route `schema` options (`fw` presets `jsonSchemaCompiler` from `fw/schema`; `fw/core` has none). */
  schemaCompiler?: SchemaCompiler;
  /** Default response and parse format (JSON unless given). */
  format?: string | DataFormat;
  /** Adapter used by `listen()` (default: the one the runtime's entry provides: Bun's, else Node's). */
  adapter?: Adapter;
  /** Port and hostname used by `listen()` (defaults 3000 and 0.0.0.0). */
  port?: number;
  hostname?: string;
  /** Largest request body the context's body readers accept, in bytes (default 1 MiB; Infinity for none); larger is a 413 on every target. */
  maxBodySize?: number;
  /** Development mode: error bodies carry messages and stacks of unexpected errors. */
  development?: boolean;
  /**
   * Where errors answered with a 5xx are logged (default true: the console; development writes message and stack,
   * production one JSON line); false turns it off; a function receives each error, e.g. to send it to the app's logger.
   */
  logErrors?: ErrorLogOption;
  /**
   * Let `%2F` and `%5C` (an encoded `/` or `\`) through in request paths (default false: a 400). They stay escaped in
   * `ctx.path`, so they are data inside one segment for every route, guard and mount; params decode them.
   */
  allowEncodedSlashes?: boolean;
  /**
   * The route syntax beyond the kernel's `:name` and `*` (constraints, optional and multi-parameter segments, `::`):
   * `fullRouteSyntax` from `fw/core`, which `fw`'s `Fw` presets. Without it a `fw/core` app refuses such a pattern
   * at registration. Only this app's router reads it.
   */
  routeSyntax?: RouteSyntax;
}

/** The methods shared by the app and the group objects handed to `group` callbacks. */
export interface RouteRegistrar<Self> {
  get(path: string, handler: RouteHandler, options?: RouteOptions): Self;
  post(path: string, handler: RouteHandler, options?: RouteOptions): Self;
  put(path: string, handler: RouteHandler, options?: RouteOptions): Self;
  patch(path: string, handler: RouteHandler, options?: RouteOptions): Self;
  delete(path: string, handler: RouteHandler, options?: RouteOptions): Self;
  head(path: string, handler: RouteHandler, options?: RouteOptions): Self;
  options(path: string, handler: RouteHandler, options?: RouteOptions): Self;
  all(path: string, handler: RouteHandler, options?: RouteOptions): Self;
  route(method: string, path: string, handler: RouteHandler, options?: RouteOptions): Self;
}
