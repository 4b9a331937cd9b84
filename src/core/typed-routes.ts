/**
 * The types fw infers for a route (no run-time code): params from the path pattern, and inputs and the allowed
 * results from the route's `schema` (JSON Schema written inline or `as const`, through json-schema-to-ts's
 * `FromSchema`, or any Standard Schema v1 value, through its inferred types).
 */
import type { FromSchema, JSONSchema as LiteralJSONSchema } from 'json-schema-to-ts';
import type { Context } from './context';

/** Merges an intersection into one object type (what editors show). */
export type Simplify<T> = { [K in keyof T]: T[K] } & {};

type Cut<S extends string, C extends string> = S extends `${infer Head}${C}${string}` ? Head : S;

/** The name a `:name` segment declares, without its constraint (`{…}`, `(…)`) or what follows it in the segment. */
type ParamName<S extends string> = Cut<Cut<Cut<Cut<Cut<S, '/'>, '{'>, '('>, '.'>, '-'>;

type ParamEntry<N extends string> = N extends `${infer Base}?` ? { [K in Base]?: string } : { [K in N]: string };

type ParamEntries<P extends string> = P extends `${string}:${infer Rest}`
  ? ParamEntry<ParamName<Rest>> & ParamEntries<Rest>
  : P extends `${string}*`
    ? { '*': string }
    : {};

/** The params of a path pattern: `'/users/:id/files/*'` → `{ id: string; '*': string }`; `:id?` is optional. */
export type PathParams<P extends string> = string extends P ? Record<string, string> : Simplify<ParamEntries<P>>;

/** A Standard Schema v1 value as far as types go (zod, valibot, arktype). */
interface StandardTyped {
  readonly '~standard': { readonly types?: { readonly input: unknown; readonly output: unknown } | undefined };
}

type StandardOutput<S extends StandardTyped> = NonNullable<S['~standard']['types']> extends { readonly output: infer O } ? O : unknown;
type StandardInput<S extends StandardTyped> = NonNullable<S['~standard']['types']> extends { readonly input: infer I } ? I : unknown;

/** The type a schema validates to: Standard Schema's output, `FromSchema` of a literal JSON Schema, else `Fallback`. */
export type SchemaOutput<S, Fallback> = [S] extends [undefined]
  ? Fallback
  : S extends StandardTyped
    ? StandardOutput<S>
    : string extends keyof S
      ? Fallback
      : S extends LiteralJSONSchema
        ? FromSchema<S>
        : Fallback;

/** The type a client sends for a schema: Standard Schema's input, else what the JSON Schema validates to. */
export type SchemaInput<S, Fallback> = S extends StandardTyped ? StandardInput<S> : SchemaOutput<S, Fallback>;

type KnownKeys<H> = keyof { [K in keyof H as string extends K ? never : number extends K ? never : K]: 0 } & string;

type HeaderText<V> = [Exclude<V, undefined>] extends [string] ? Exclude<V, undefined> : string;

/** What `get` returns for a header the schema names: its text (an enum's literals), `| null` unless required. */
type HeaderValue<H, N extends keyof H> = {} extends Pick<H, N> ? HeaderText<H[N]> | null : HeaderText<H[N]>;

/**
 * `ctx.headers` of a route: the request's Headers, whose `get` also knows the names `schema.headers` declares
 * (a required one is a `string`, never null, once validation passed). Values stay text whatever the schema's type
 * (Headers hold strings; the validator checks, it does not convert). Without a schema naming headers, plain Headers.
 */
export type RequestHeaders<H> = [KnownKeys<H>] extends [never]
  ? Headers
  : { get<N extends KnownKeys<H>>(name: N): HeaderValue<H, N> } & Headers;

type RequiredKeys<H> = { [K in KnownKeys<H>]: {} extends Pick<H, K> ? never : K }[KnownKeys<H>];

/**
 * The headers a client sends to a route: on a route whose `schema.headers` names headers, an object that must hold
 * its required ones and may hold its optional ones, each as text (an enum's literals), plus any other header
 * (authorization, …); without such a schema, any `HeadersInit`.
 */
export type ClientHeaders<H> = [KnownKeys<H>] extends [never]
  ? HeadersInit
  : { [K in RequiredKeys<H>]: HeaderText<H[K]> } & { [K in Exclude<KnownKeys<H>, RequiredKeys<H>>]?: HeaderText<H[K]> } & {
      [name: string]: string;
    };

/** What a route's handler reads: params, query, body and headers. */
export interface RouteInput {
  params: unknown;
  query: unknown;
  body: unknown;
  headers: unknown;
}

/**
 * The inputs of a context typed by nothing (a `(ctx: Context)` annotation, middleware, hooks): loose enough that a
 * route's typed context (params from its path, a query the schema made numbers) can be passed where a `Context` is taken.
 */
export interface DefaultInput {
  params: Record<string, any>;
  query: Record<string, any>;
  body: unknown;
  headers: Record<string, any>;
}

type Part<S, Name extends string> = Name extends keyof S ? Exclude<S[Name], undefined> : undefined;

/** The inputs of a route from its path and schema; query parts are what the validator leaves (`integer` → number). */
export interface InputOf<P extends string, S> {
  params: [Part<S, 'params'>] extends [undefined] ? PathParams<P> : SchemaOutput<Part<S, 'params'>, PathParams<P>>;
  query: SchemaOutput<Part<S, 'query'>, Record<string, string>>;
  body: SchemaOutput<Part<S, 'body'>, unknown>;
  headers: SchemaOutput<Part<S, 'headers'>, Record<string, string>>;
}

type StatusKey = number | `${number}` | `${1 | 2 | 3 | 4 | 5}xx` | 'default';

/**
 * `schema.response` as the bodies a handler returns, by status: a status map as it is, a single schema as the 200
 * body; a Standard Schema's input (what it is given; the answer is what it makes of it).
 */
type ResponseMap<R> = [R] extends [undefined]
  ? undefined
  : R extends StandardTyped
    ? { 200: StandardInput<R> }
    : keyof R extends StatusKey
      ? { [K in keyof R]: SchemaInput<R[K], unknown> }
      : { 200: SchemaOutput<R, unknown> };

/** What a handler may return for a route with `schema.response`: one of its bodies (any status), a Response, or nothing. */
export type HandlerResult<S> =
  ResponseMap<Part<S, 'response'>> extends infer M
    ? M extends undefined
      ? unknown
      : M[keyof M] | Response | null | undefined | void | Promise<M[keyof M] | Response | null | undefined | void>
    : unknown;

/** A path inside a group: the prefix and the route's path joined with one slash, as `group()` does at run time. */
export type JoinPath<Prefix extends string, P extends string> = P extends '/' | ''
  ? Prefix
  : `${Prefix extends '/' ? '' : Prefix}${P extends `/${string}` ? P : `/${P}`}`;

/** What a client sends to a route: the parts of InputOf, as the schemas' inputs (before coercion and transforms). */
export interface ClientInputOf<P extends string, S> {
  params: [Part<S, 'params'>] extends [undefined] ? PathParams<P> : SchemaInput<Part<S, 'params'>, PathParams<P>>;
  query: SchemaInput<Part<S, 'query'>, Record<string, string | number | boolean | undefined>>;
  body: SchemaInput<Part<S, 'body'>, unknown>;
  headers: ClientHeaders<SchemaInput<Part<S, 'headers'>, {}>>;
}

/** The bodies a route answers with, by status: from `schema.response` (what it outputs), else what the handler returns, as 200. */
export type OutputOf<S, R> = [Part<S, 'response'>] extends [undefined]
  ? { 200: Exclude<Awaited<R>, Response | undefined | void> }
  : ResponseOutputs<Part<S, 'response'>>;

type ResponseOutputs<R> = R extends StandardTyped
  ? { 200: StandardOutput<R> }
  : keyof R extends StatusKey
    ? { [K in keyof R]: SchemaOutput<R[K], unknown> }
    : { 200: SchemaOutput<R, unknown> };

/** One route in an app's type: method, path pattern, what a client sends and what comes back by status. */
export interface RouteEntry {
  method: string;
  path: string;
  input: { params: unknown; query: unknown; body: unknown; headers: unknown };
  output: object;
}

/**
 * The route of an app whose routes the type system does not know: the start of every app's route union, so a
 * typed app is still assignable to a plain `Fw`; fw/client leaves it out (KnownRoutes).
 */
export type UnknownRoute = RouteEntry & { readonly '~unknown'?: true };

/** The routes of a union that were registered with a literal path (UnknownRoute left out). */
export type KnownRoutes<R> = R extends unknown ? ('~unknown' extends keyof R ? never : R) : never;

/** What an app's type carries: decorations and state on `ctx`, and its routes (a union of entries). */
export interface AppTypes {
  decorations: object;
  state: object;
  routes: RouteEntry;
}

/**
 * What `new Fw<…>()` may be told: the platform's bindings as `{ Bindings: Env }` (Hono's shape), so `ctx.env` is
 * `Env` in handlers, hooks and middleware; registrations add the other parts. Without `Bindings`, `ctx.env` is `any`.
 */
export interface AppTypeArgs {
  Bindings?: unknown;
  decorations?: object;
  state?: object;
  routes?: unknown;
}

/** Whether a type is `any` (an app typed `Fw<any>` keeps every part `any`). */
type IsAny<T> = 0 extends 1 & T ? true : false;

/** The decorations part of an app's type arguments (none when not given). */
export type DecorationsOf<T> = IsAny<T> extends true ? any : T extends { decorations: infer D extends object } ? D : {};

/** The state part of an app's type arguments (none when not given). */
export type StateOf<T> = IsAny<T> extends true ? any : T extends { state: infer St extends object } ? St : {};

/** The routes part of an app's type arguments (UnknownRoute when not given). */
export type RoutesIn<T> = IsAny<T> extends true ? any : T extends { routes: infer R extends RouteEntry } ? R : UnknownRoute;

/** The platform bindings (`ctx.env`) of an app's type arguments: `Bindings`, else `any`, as before bindings were typed. */
export type BindingsOf<T> = T extends { Bindings: infer E } ? E : any;

/**
 * The bindings an app was typed with (`new Fw<{ Bindings: Env }>()` → `Env`), for what hands the app its env
 * (`worker(app)`); `unknown` for an app typed without bindings.
 */
export type AppBindings<App> = App extends { readonly '~types'?: infer T }
  ? IsAny<BindingsOf<NonNullable<T>>> extends true
    ? unknown
    : BindingsOf<NonNullable<T>>
  : unknown;

/** The types of an app nothing typed has been registered on. */
export interface NoTypes {
  decorations?: {};
  state?: {};
  routes?: UnknownRoute;
  /** Optional, so an app typed with `{ Bindings }` is still a plain `Fw` for functions that take one. */
  Bindings?: any;
}

/**
 * An app's types as each registration leaves them: an interface, not an object literal type, so re-reading them
 * (every later registration does, a few times each) looks at its three arguments, never at a fresh copy.
 */
export interface TypesOf<D, St, Routes, E = any> {
  decorations: D;
  state: St;
  routes: Routes;
  Bindings: E;
}

/**
 * One registered route as the app's type keeps it: method, path, and what a client sends and gets back, derived
 * from the schema S and the handler's result R when read. An interface over the raw S and R, so the union of
 * hundreds of them, which the type checker walks whenever it instantiates an app's type, costs a few steps per
 * route. Its variance is declared (`out`): measuring it would run the derivations on placeholder types.
 */
export interface TypedRoute<M extends string, P extends string, S, R> extends RouteEntry {
  method: M;
  path: P;
  input: ClientInputOf<P, S>;
  output: OutputOf<S, R>;
}

/**
 * What a registration reads an app's or a group's routes from: its `this`, so the routes are one of the
 * registration's own type parameters, inferred from the app it is called on, never a type of the app's class that
 * each instantiation of the method would walk.
 */
export interface RoutesHolder<Routes> {
  readonly '~routes': Routes;
}

/** An app's types with one more route (a flat union, read once through `infer`, so a long chain stays shallow). */
export type WithRoute<T extends AppTypes, M extends string, P extends string, S, R> =
  T extends TypesOf<infer D, infer St, infer Routes, infer E> ? TypesOf<D, St, Routes | TypedRoute<M, P, S, R>, E> : never;

/** An app's types with more routes (a group's). */
export type WithRoutes<T extends AppTypes, Added extends RouteEntry> =
  T extends TypesOf<infer D, infer St, infer Routes, infer E> ? TypesOf<D, St, Routes | Added, E> : never;

/** An app's types with more decorations (`decorate`, a plugin's `decorate`) and state (`setState`, a plugin's `state`). */
export type WithContext<T extends AppTypeArgs, More, MoreState> = TypesOf<
  DecorationsOf<T> & More,
  StateOf<T> & MoreState,
  RoutesIn<T>,
  BindingsOf<T>
>;

/**
 * The context a route handler gets: its inputs, the app's bindings on `ctx.env`, the app's state on `ctx.state`, and
 * the app's decorations. Takes the decorations, state and bindings, not the app's types: a handler's type then never
 * carries the app's routes.
 */
export type RouteContext<D, St, I extends RouteInput, E = any> = Context<E, Record<string, any> & St, I> & D;
