import type { Fw } from './fw';
import { normalizePattern } from './router';
import type { Middleware, RouteHandler, RouteOptions, RouteRegistrar } from './types';

/** A path inside a group: the prefix and the route's path joined with one slash. */
export function joinPrefix(prefix: string, path: string): string {
  if (path === '/' || path === '') return prefix;
  return `${prefix === '/' ? '' : prefix}${path.startsWith('/') ? path : `/${path}`}`;
}

/** The registration surface handed to `group()` callbacks: every route it adds lives under the prefix. */
export class Group implements RouteRegistrar<Group> {
  constructor(
    protected readonly app: Fw,
    readonly prefix: string,
  ) {}

  get(path: string, handler: RouteHandler, options?: RouteOptions): this {
    return this.route('GET', path, handler, options);
  }
  post(path: string, handler: RouteHandler, options?: RouteOptions): this {
    return this.route('POST', path, handler, options);
  }
  put(path: string, handler: RouteHandler, options?: RouteOptions): this {
    return this.route('PUT', path, handler, options);
  }
  patch(path: string, handler: RouteHandler, options?: RouteOptions): this {
    return this.route('PATCH', path, handler, options);
  }
  delete(path: string, handler: RouteHandler, options?: RouteOptions): this {
    return this.route('DELETE', path, handler, options);
  }
  head(path: string, handler: RouteHandler, options?: RouteOptions): this {
    return this.route('HEAD', path, handler, options);
  }
  options(path: string, handler: RouteHandler, options?: RouteOptions): this {
    return this.route('OPTIONS', path, handler, options);
  }
  all(path: string, handler: RouteHandler, options?: RouteOptions): this {
    return this.route('ALL', path, handler, options);
  }

  /** Registers a route under this group's prefix. */
  route(method: string, path: string, handler: RouteHandler, options?: RouteOptions): this {
    this.app.route(method, joinPrefix(this.prefix, path), handler, options);
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
