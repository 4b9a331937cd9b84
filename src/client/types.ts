/** The types of fw/client: what a client of an app's type may call, send and get back, read from `typeof app`. */
import type { KnownRoutes, RouteEntry } from '../core/typed-routes';

/** The HTTP methods a client calls (a route registered with `all` answers each). */
export type ClientMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

/** The known routes of an app's type (each registered with a literal path). */
export type RoutesOf<App> = App extends { readonly '~types'?: infer T } ? (T extends { routes: infer R } ? KnownRoutes<R> : never) : never;

type ForMethod<R, M extends ClientMethod> = R extends { method: M | 'ALL' } ? R : never;

/** The path patterns an app answers for a method. */
export type PathsOf<App, M extends ClientMethod> = ForMethod<RoutesOf<App>, M>['path'];

/** The route entry of a method and path pattern. */
export type EntryOf<App, M extends ClientMethod, P> = Extract<ForMethod<RoutesOf<App>, M>, { path: P }>;

type Params<E extends RouteEntry> = {} extends E['input']['params'] ? { params?: E['input']['params'] } : { params: E['input']['params'] };
type Body<E extends RouteEntry> = unknown extends E['input']['body'] ? { body?: unknown } : { body: E['input']['body'] };
type SentHeaders<E extends RouteEntry> = {} extends E['input']['headers']
  ? { headers?: E['input']['headers'] }
  : { headers: E['input']['headers'] };

/**
 * What a call sends, typed by the route: path params (required when the path has any), the query, the body (required
 * with a body schema) and headers (the required ones of `schema.headers` required, any other accepted).
 */
export type CallInput<E extends RouteEntry> = Params<E> &
  Body<E> &
  SentHeaders<E> & {
    query?: E['input']['query'];
    /** Other fetch options (signal, credentials, …). */
    init?: Omit<RequestInit, 'method' | 'body' | 'headers'>;
  };

/** The body of fw's own error answers (validation, 404, 405, 500, …). */
export interface ErrorBody {
  error: string;
  code: string;
  details?: unknown;
}

type SuccessKey<Out> = { [S in keyof Out]: `${S & (string | number)}` extends `2${string}` ? S : never }[keyof Out];
type FailureKey<Out> = Exclude<keyof Out, SuccessKey<Out>>;
type StatusNumber<S> = S extends number ? S : S extends `${infer N extends number}` ? N : number;

/**
 * What a call resolves to: `data` typed by the route's 2xx bodies, or `error` typed by its declared error bodies
 * and fw's error body; never a thrown value for an HTTP error (a network failure still rejects).
 */
export type CallResult<E extends RouteEntry> = E['output'] extends infer Out
  ?
      | { data: Out[SuccessKey<Out> & keyof Out]; error: undefined; status: StatusNumber<SuccessKey<Out>>; response: Response }
      | { data: undefined; error: Out[FailureKey<Out> & keyof Out] | ErrorBody; status: number; response: Response }
  : never;

type Call<App, M extends ClientMethod> = <P extends PathsOf<App, M>>(
  path: P,
  ...input: {} extends CallInput<EntryOf<App, M, P>> ? [input?: CallInput<EntryOf<App, M, P>>] : [input: CallInput<EntryOf<App, M, P>>]
) => Promise<CallResult<EntryOf<App, M, P>>>;

/** A client of an app's type: one method per HTTP method, each taking the route's path pattern. */
export interface Client<App> {
  get: Call<App, 'GET'>;
  post: Call<App, 'POST'>;
  put: Call<App, 'PUT'>;
  patch: Call<App, 'PATCH'>;
  delete: Call<App, 'DELETE'>;
  head: Call<App, 'HEAD'>;
  options: Call<App, 'OPTIONS'>;
}
