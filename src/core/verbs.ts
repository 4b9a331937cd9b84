/** The route methods and the verb methods (`get`, `post`, …, `all`) that the app and its groups share. */
import type { RouteMethod } from './types';

/** The methods a route may be registered for (`ALL`: any method). */
export const routeMethods: RouteMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'ALL'];

/** Adds `get`, `post`, …, `all` to a class with `route(method, path, handler, options)`: one loop instead of eight methods in each bundle. */
export function addVerbs(target: { prototype: object }): void {
  for (const method of routeMethods)
    Object.defineProperty(target.prototype, method.toLowerCase(), {
      value(this: { route(...args: unknown[]): unknown }, path: unknown, handler: unknown, options: unknown) {
        return this.route(method, path, handler, options);
      },
      writable: true,
      configurable: true,
    });
}
