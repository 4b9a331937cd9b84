import type { Fw } from '../core/fw';
import type { RouteInfo, RouteMethod, RouteOptions } from '../core/types';
import { parsePattern, type RouteShape } from '../core/route-pattern';
import { fullRouteSyntax } from '../core/route-syntax';
import { routeInfos } from '../core/server-methods';

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

/** The OpenAPI form of one registrable shape of a pattern: `{name}` for each parameter, `{wildcard}` for `*`. */
function shapePath(shape: RouteShape): { openapiPath: string; pathParams: string[] } {
  const pathParams = [...shape.names];
  let next = 0;
  const parts = shape.segments.map((segment) => {
    if (segment.kind === 'static') return segment.text;
    if (segment.kind === 'param') return `{${shape.names[next++]}}`;
    return segment.parts.map((part) => (typeof part === 'string' ? part : `{${shape.names[next++]}}`)).join('');
  });
  if (shape.wildcard) {
    parts.push('{wildcard}');
    pathParams.push('wildcard');
  }
  return { openapiPath: `/${parts.join('/')}`, pathParams };
}

/**
 * Converts an fw pattern to OpenAPI path templates with the names of their parameters: one template, or one per
 * length for a pattern ending in optional parameters (`/:id?` documents `/` and `/{id}`), since OpenAPI has no
 * optional path parameter; constraints (`:id(\d+)`) and several parameters in a segment (`/:file.:ext`) are read
 * by the router's full-syntax pattern parser (a superset of the kernel's, so any route an app accepted reads).
 */
export function toOpenAPIPaths(path: string): { openapiPath: string; pathParams: string[] }[] {
  return parsePattern(path, fullRouteSyntax.read).map(shapePath);
}

/** Lists the documented operations of an app (groups and file routes included), leaving out `hidden` routes. */
export function collectRoutes(app: Fw | RouteInfo[]): CollectedRoute[] {
  const routes = Array.isArray(app) ? app : routeInfos(app);
  const collected: CollectedRoute[] = [];
  for (const route of routes) {
    const options = route.options ?? {};
    if (options.hidden) continue;
    const methods = route.method === 'ALL' ? allMethods : [route.method];
    for (const { openapiPath, pathParams } of toOpenAPIPaths(route.path)) {
      for (const method of methods) collected.push({ method, path: route.path, openapiPath, pathParams, options });
    }
  }
  return collected;
}
