import type { Context } from '../core/context';
import type { Fw } from '../core/fw';

declare module '../core/types' {
  interface RouteOptions<C extends Context = Context> {
    /** `false`: `rateLimit()` and `rateLimitMiddleware()` neither count nor limit this route (healthCheck()'s probes are so). */
    rateLimit?: false;
  }
}

/**
 * The routes of an app registered with `rateLimit: false`, read from its route table whenever a registration changed
 * it (`app.generation`): per path, whether each method's route is exempt, so a request is judged by the route the
 * router chose for it (the method's own, else `ALL`, else the GET route of a HEAD request).
 */
export class ExemptRoutes {
  #app: Fw<any, any> | null = null;
  #generation = -1;
  #byPath = new Map<string, Map<string, boolean>>();

  /** Whether the request matched a route registered with `rateLimit: false` (an unmatched request never is). */
  has(ctx: Context): boolean {
    const path = ctx.routePath;
    if (path === null) return false;
    if (ctx.app !== this.#app || ctx.app.generation !== this.#generation) this.#index(ctx.app);
    const methods = this.#byPath.get(path);
    if (methods === undefined) return false;
    const method = ctx.method;
    return methods.get(method) ?? methods.get('ALL') ?? (method === 'HEAD' && methods.get('GET') === true);
  }

  #index(app: Fw<any, any>): void {
    const exemptPaths = new Set(app.routeRecords.filter((r) => r.options.rateLimit === false).map((r) => r.path));
    this.#byPath = new Map();
    for (const route of app.routeRecords) {
      if (!exemptPaths.has(route.path)) continue;
      let methods = this.#byPath.get(route.path);
      if (!methods) this.#byPath.set(route.path, (methods = new Map()));
      methods.set(route.method, route.options.rateLimit === false);
    }
    this.#app = app;
    this.#generation = app.generation;
  }
}
