/**
 * `fw/core`: the kernel for the smallest bundles. Routing, the context, hooks, middleware, plugins, decorations and
 * state, groups, errors, data formats and `compile()`; no schema layer (route `schema` needs a compiler set with
 * `app.setSchemaCompiler`, e.g. `jsonSchemaCompiler` from `fw/schema`), no file routes, no WebSockets, no platform,
 * and none of the opt-ins `fw`'s `Fw` installs: `listen()`/`stop()` and introspection (serve a
 * `fw/core` app with `serve(app)` from fw/node or fw/bun; `routeInfos(app)` lists its routes),
 * cookies (`fw/cookie`), `ctx.queries()`/`formData()`/`parseBody()`, the query cache, the "did you mean" of
 * option checking (`checkFwConfig`; an unknown option still fails at startup) and the formatted error log.
 */
export { Fw } from './fw';
export { Context, type ExecutionContext } from './context';
export { Group } from './group';
export { Router, type Match, type Params } from './router';
export { fullRouteSyntax } from './route-syntax';
export type { RouteSyntax } from './router';
export { checkFwConfig, coreConfigKeys } from './config-keys';
export { QueryParseCache, parseQueryString, type ParsedQuery } from './query';
export { serializeCookie, readCookie, type CookieOptions } from './cookie';
export {
  HttpError,
  BusinessError,
  NotFoundError,
  UnauthorizedError,
  ForbiddenError,
  ConflictError,
  SystemError,
  FatalError,
  type HttpErrorOptions,
} from './errors';
export { errorBody } from './respond';
export {
  registerFormat,
  getFormat,
  listFormats,
  negotiateFormat,
  jsonFormat,
  type DataFormat,
  type FormatOwner,
  type FormatTable,
} from './formats';
export { routeInfos, middlewareInfo, appConfigInfo } from './server-methods';
export { hasPlatform, platform, type Platform, type PlatformHolder, type PlatformServices } from './platform';
export type * from './types';
export type * from './typed-routes';
export type { AppKinds, GroupKinds, AppKind, TypedHandler, TypedRouteOptions, RoutesOf as GroupRoutesOf, WithPlugin } from './fw';
