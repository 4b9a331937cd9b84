import type { Fw } from '../core/fw';
import type { RouteInfo, RouteMethod, RouteOptions } from '../core/types';

/** One documented operation: an fw route with its path in OpenAPI form and its path parameter names. */
export interface CollectedRoute {
  /** Upper-case HTTP method (an `ALL` route is listed once per method it documents). */
  method: Exclude<RouteMethod, 'ALL'>;
  /** The fw pattern, e.g. `/users/:id`. */
  path: string;
  /** The OpenAPI path template, e.g. `/users/{id}`; a trailing `*` becomes `{wildcard}`. */
  openapiPath: string;
  /** Path parameter names in order of appearance. */
  pathParams: string[];
  options: RouteOptions;
}

/** The methods an `ALL` route is documented under. */
const allMethods: Exclude<RouteMethod, 'ALL'>[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Converts an fw pattern to an OpenAPI path template, with the names of its parameters. */
export function toOpenAPIPath(path: string): { openapiPath: string; pathParams: string[] } {
  const pathParams: string[] = [];
  const openapiPath = path.split('/').map((segment) => {
    if (segment.startsWith(':')) {
      pathParams.push(segment.slice(1));
      return `{${segment.slice(1)}}`;
    }
    if (segment === '*') {
      pathParams.push('wildcard');
      return '{wildcard}';
    }
    return segment;
  }).join('/');
  return { openapiPath: openapiPath || '/', pathParams };
}

/** Lists the documented operations of an app (groups and file routes included), leaving out `hidden` routes. */
export function collectRoutes(app: Fw | RouteInfo[]): CollectedRoute[] {
  const routes = Array.isArray(app) ? app : app.getRoutes();
  const collected: CollectedRoute[] = [];
  for (const route of routes) {
    const options = route.options ?? {};
    if (options.hidden) continue;
    const { openapiPath, pathParams } = toOpenAPIPath(route.path);
    const methods = route.method === 'ALL' ? allMethods : [route.method];
    for (const method of methods) collected.push({ method, path: route.path, openapiPath, pathParams, options });
  }
  return collected;
}
