import type { Context } from '../core/context';
import type { Fw } from '../core/fw';
import type { WindowLimit } from './types';
import { windowLimit } from './validate';

declare module '../core/types' {
  interface RouteOptions<C extends Context = Context> {
    /**
     * `false`: `rateLimit()` and `rateLimitMiddleware()` neither count nor limit this route (healthCheck()'s probes are
     * so). `{ max, windowMs }`: the route has its own limit, counted apart from the app-wide one.
     */
    rateLimit?: false | WindowLimit;
  }
}

/** What the limiter does for a matched route: `app` (the limiter's own limit), `exempt`, or the route's own limit. */
export type RouteRule = { kind: 'app' } | { kind: 'exempt' } | { kind: 'own'; id: string; limit: WindowLimit };

const APP: RouteRule = { kind: 'app' };
const EXEMPT: RouteRule = { kind: 'exempt' };

/** Checks a route's `rateLimit` option, naming the route in the message. */
function ruleOf(method: string, path: string, option: unknown): RouteRule {
  if (option === undefined) return APP;
  if (option === false) return EXEMPT;
  const where = `the rateLimit option of ${method} ${path}`;
  if (option === null || typeof option !== 'object') throw new TypeError(`rateLimit: ${where} must be false or { max, windowMs }`);
  return { kind: 'own', id: `${method} ${path}`, limit: windowLimit(where, option as Partial<WindowLimit>) };
}

/**
 * The `rateLimit` route options of an app, read from its route table whenever a registration changed it
 * (`app.generation`): per path, each method's rule, so a request is judged by the route the router chose for it
 * (the method's own, else `ALL`, else the GET route of a HEAD request). Bad options throw when read.
 */
export class RouteLimits {
  #app: Fw<any, any> | null = null;
  #generation = -1;
  #byPath = new Map<string, Map<string, RouteRule>>();

  /** The rule of the route the request matched (`app` for unmatched requests and routes without the option). */
  ruleFor(ctx: Context): RouteRule {
    const path = ctx.routePath;
    if (path === null) return APP;
    if (ctx.app !== this.#app || ctx.app.generation !== this.#generation) this.index(ctx.app);
    const methods = this.#byPath.get(path);
    if (methods === undefined) return APP;
    const method = ctx.method;
    return methods.get(method) ?? methods.get('ALL') ?? (method === 'HEAD' ? methods.get('GET') : undefined) ?? APP;
  }

  /** Reads (and checks) the route options of `app`; the plugin calls it at setup so routes registered before fail early. */
  index(app: Fw<any, any>): void {
    const byPath = new Map<string, Map<string, RouteRule>>();
    const withOption = new Set(app.routeRecords.filter((r) => r.options.rateLimit !== undefined).map((r) => r.path));
    for (const route of app.routeRecords) {
      if (!withOption.has(route.path)) continue;
      let methods = byPath.get(route.path);
      if (!methods) byPath.set(route.path, (methods = new Map()));
      methods.set(route.method, ruleOf(route.method, route.path, route.options.rateLimit));
    }
    this.#byPath = byPath;
    this.#app = app;
    this.#generation = app.generation;
  }
}
