import type { Fw } from './fw';
import { normalizePattern } from './router';
import type { Middleware, RouteHandler, RouteOptions, RouteRegistrar } from './types';
import type { WebSocketHandlers, WebSocketRouteOptions } from './websocket';

function join(prefix: string, path: string): string {
  if (path === '/' || path === '') return prefix;
  return `${prefix === '/' ? '' : prefix}${path.startsWith('/') ? path : `/${path}`}`;
}

/** The registration surface handed to `group()` callbacks: every route it adds lives under the prefix. */
export class Group implements RouteRegistrar<Group> {
  constructor(
    private readonly app: Fw,
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
    this.app.route(method, join(this.prefix, path), handler, options);
    return this;
  }

  /** Opens a nested group whose prefix continues this one. */
  group(prefix: string, callback: (group: Group) => void): this {
    callback(new Group(this.app, normalizePattern(join(this.prefix, prefix))));
    return this;
  }

  /** Registers a WebSocket route under this group's prefix. */
  ws<Data = Record<string, unknown>>(path: string, handlers: WebSocketHandlers<Data>, options?: WebSocketRouteOptions): this {
    this.app.ws<Data>(join(this.prefix, path), handlers, options);
    return this;
  }

  /** Adds middleware limited to this group's prefix (or to a sub-path of it). */
  use(pathOrMiddleware: string | Middleware, middleware?: Middleware): this {
    if (typeof pathOrMiddleware === 'string') this.app.use(join(this.prefix, pathOrMiddleware), middleware!);
    else this.app.use(this.prefix, pathOrMiddleware);
    return this;
  }
}
