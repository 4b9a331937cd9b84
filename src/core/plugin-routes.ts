/**
 * How routes other than the app's own registrations enter its type (no run-time code): the routes a plugin
 * registers, declared on the plugin's config, and the rule that a route registered `hidden: true` is left out.
 */
import type { ClientInputOf, RouteEntry } from './typed-routes';

/** A route a plugin registers, as the app's type lists it: method, path, and the bodies it answers with by status. */
export interface PluginRoute<M extends string, P extends string, Output extends object> extends RouteEntry {
  method: M;
  path: P;
  input: ClientInputOf<P, {}>;
  output: Output;
}

/**
 * What a plugin config declares so `app.plugin(p)` adds its routes to the app's type (for `fw/client`): the routes,
 * compile time only, never set. A path that is not a literal (a `string` option) adds no route.
 */
export interface DeclaresRoutes<Routes extends RouteEntry> {
  readonly '~routes'?: Routes;
}

/** The routes of a union whose path is a literal (a route at a `string` path could match any call). */
type LiteralPaths<R> = R extends { path: infer P } ? (string extends P ? never : R) : never;

/** The routes a plugin config declares (none for a plain config). */
export type RoutesOfPlugin<Pl> = Pl extends { readonly '~routes'?: infer R }
  ? unknown extends R
    ? never
    : LiteralPaths<Exclude<R, undefined>>
  : never;

/**
 * A registered route as the app's type lists it: left out when registered `hidden: true` (as in the OpenAPI document).
 * Not distributive over H (`[H]`): a `boolean` keeps the route, and the checker keeps the union as it is.
 */
export type Listed<H, Route> = [H] extends [true] ? never : Route;
