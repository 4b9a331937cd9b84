/**
 * The check of the route option `status` in `fw`'s `Fw`: an integer from 200 to 599, refused at registration with a
 * message naming the route. The kernel (`fw/core`) applies `status` without this check, which would not fit its size
 * budget; a bad status there fails when the Response is built.
 */
import type { RouteOptions } from '../core/types';

/** Throws a RangeError naming the route when its `status` option is set to anything but an integer from 200 to 599. */
export function checkRouteStatus(method: string, path: string, options: RouteOptions | undefined): void {
  const status = options?.status;
  if (status !== undefined && !(Number.isInteger(status) && status >= 200 && status <= 599))
    throw new RangeError(
      `Route ${String(method).toUpperCase()} ${path}: status must be an integer from 200 to 599, got ${JSON.stringify(status)}`,
    );
}

/** Makes an app class run `checkRouteStatus` in its `route()` (which every verb method and group calls) before registering. */
export function checkStatusOnRoute(app: { prototype: object }): void {
  const register = (app.prototype as { route(...args: unknown[]): unknown }).route;
  Object.defineProperty(app.prototype, 'route', {
    value(this: unknown, method: string, path: string, handler: unknown, options?: RouteOptions) {
      checkRouteStatus(method, path, options);
      return register.call(this, method, path, handler, options);
    },
    writable: true,
    configurable: true,
  });
}
