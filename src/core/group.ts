import type { Fw, TypedHandler, TypedRouteOptions } from './fw';
import { normalizePattern } from './router';
import type { HandlerResult } from './typed-routes';
import type { Middleware, RouteHandler, RouteOptions, RouteSchema } from './types';

/** A path inside a group: the prefix and the route's path joined with one slash. */
export function joinPrefix(prefix: string, path: string): string {
  if (path === '/' || path === '') return prefix;
  return `${prefix === '/' ? '' : prefix}${path.startsWith('/') ? path : `/${path}`}`;
}

/**
 * The registration surface handed to `group()` callbacks: every route it adds lives under the prefix. A route's own
 * path params are typed; the prefix's are not (the prefix is a run-time string here), so `ctx.params` also takes any key.
 */
export class Group {
  constructor(
    protected readonly app: Fw,
    readonly prefix: string,
  ) {}

  get<const P extends string, const S extends RouteSchema = {}, R extends HandlerResult<S> = HandlerResult<S>>(
    path: P,
    handler: TypedHandler<`${string}/${P}`, S, R>,
    options?: TypedRouteOptions<S>,
  ): this {
    return this.route('GET', path, handler as RouteHandler, options as RouteOptions) as never;
  }
  post<const P extends string, const S extends RouteSchema = {}, R extends HandlerResult<S> = HandlerResult<S>>(
    path: P,
    handler: TypedHandler<`${string}/${P}`, S, R>,
    options?: TypedRouteOptions<S>,
  ): this {
    return this.route('POST', path, handler as RouteHandler, options as RouteOptions) as never;
  }
  put<const P extends string, const S extends RouteSchema = {}, R extends HandlerResult<S> = HandlerResult<S>>(
    path: P,
    handler: TypedHandler<`${string}/${P}`, S, R>,
    options?: TypedRouteOptions<S>,
  ): this {
    return this.route('PUT', path, handler as RouteHandler, options as RouteOptions) as never;
  }
  patch<const P extends string, const S extends RouteSchema = {}, R extends HandlerResult<S> = HandlerResult<S>>(
    path: P,
    handler: TypedHandler<`${string}/${P}`, S, R>,
    options?: TypedRouteOptions<S>,
  ): this {
    return this.route('PATCH', path, handler as RouteHandler, options as RouteOptions) as never;
  }
  delete<const P extends string, const S extends RouteSchema = {}, R extends HandlerResult<S> = HandlerResult<S>>(
    path: P,
    handler: TypedHandler<`${string}/${P}`, S, R>,
    options?: TypedRouteOptions<S>,
  ): this {
    return this.route('DELETE', path, handler as RouteHandler, options as RouteOptions) as never;
  }
  head<const P extends string, const S extends RouteSchema = {}, R extends HandlerResult<S> = HandlerResult<S>>(
    path: P,
    handler: TypedHandler<`${string}/${P}`, S, R>,
    options?: TypedRouteOptions<S>,
  ): this {
    return this.route('HEAD', path, handler as RouteHandler, options as RouteOptions) as never;
  }
  options<const P extends string, const S extends RouteSchema = {}, R extends HandlerResult<S> = HandlerResult<S>>(
    path: P,
    handler: TypedHandler<`${string}/${P}`, S, R>,
    options?: TypedRouteOptions<S>,
  ): this {
    return this.route('OPTIONS', path, handler as RouteHandler, options as RouteOptions) as never;
  }
  all<const P extends string, const S extends RouteSchema = {}, R extends HandlerResult<S> = HandlerResult<S>>(
    path: P,
    handler: TypedHandler<`${string}/${P}`, S, R>,
    options?: TypedRouteOptions<S>,
  ): this {
    return this.route('ALL', path, handler as RouteHandler, options as RouteOptions) as never;
  }

  /** Registers a route under this group's prefix. */
  route<const M extends string, const P extends string, const S extends RouteSchema = {}, R extends HandlerResult<S> = HandlerResult<S>>(
    method: M,
    path: P,
    handler: TypedHandler<`${string}/${P}`, S, R>,
    options?: TypedRouteOptions<S>,
  ): this;
  route(method: string, path: string, handler: RouteHandler, options?: RouteOptions): this {
    this.app.route(method, joinPrefix(this.prefix, path), handler as never, options as never);
    return this;
  }

  /** Opens a nested group whose prefix continues this one. */
  group(prefix: string, callback: (group: this) => void): this {
    callback(new (this.constructor as new (app: Fw, prefix: string) => this)(this.app, normalizePattern(joinPrefix(this.prefix, prefix))));
    return this;
  }

  /** Adds middleware limited to this group's prefix (or to a sub-path of it). */
  use(pathOrMiddleware: string | Middleware, middleware?: Middleware): this {
    if (typeof pathOrMiddleware === 'string') this.app.use(joinPrefix(this.prefix, pathOrMiddleware), middleware!);
    else this.app.use(this.prefix, pathOrMiddleware);
    return this;
  }
}
