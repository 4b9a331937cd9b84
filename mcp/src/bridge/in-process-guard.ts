import type { Context, CoreFw, RouteInfo } from 'fw';
import { grantedOf, missingScopes } from '../auth/scopes';
import type { MCPAuthInfo } from '../auth/info';
import './route-options';
import { routeInfos } from 'fw/core';

/** What the app's hook needs to know about the client an in-process request was made for. */
export interface InProcessMark {
  readonly auth?: MCPAuthInfo;
}

const marks = new WeakMap<Request, InProcessMark>();
const guardedApps = new WeakSet<object>();
const routeTables = new WeakMap<object, { generation: number; byPath: Map<string, RouteInfo[]> }>();

/** Marks a request as made in process by an MCP tool for a client, so the app's hook checks it. */
export function markInProcess(request: Request, mark: InProcessMark): void {
  marks.set(request, mark);
}

/** Whether a request was made in process by an MCP tool. */
export function isInProcess(request: Request): boolean {
  return marks.has(request);
}

function routesByPath(app: CoreFw): Map<string, RouteInfo[]> {
  const known = routeTables.get(app);
  if (known !== undefined && known.generation === app.generation) return known.byPath;
  const byPath = new Map<string, RouteInfo[]>();
  for (const route of routeInfos(app)) byPath.set(route.path, [...(byPath.get(route.path) ?? []), route]);
  routeTables.set(app, { generation: app.generation, byPath });
  return byPath;
}

/** The registered routes that may have answered: the matched pattern under this method, `ALL`, or GET for HEAD. */
function matchedRoutes(app: CoreFw, method: string, routePath: string | null): RouteInfo[] {
  if (routePath === null) return [];
  const routes = routesByPath(app).get(routePath) ?? [];
  return routes.filter((r) => r.method === method || r.method === 'ALL' || (method === 'HEAD' && r.method === 'GET'));
}

function refusal(status: number, error: string, message: string): Response {
  return new Response(JSON.stringify({ error, message }), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * The check every in-process call meets once the app has matched its route: a `hidden` route (the MCP endpoints,
 * OAuth metadata, the app's own hidden routes) answers 404, so no tool reaches the MCP endpoint again; a route whose
 * `mcp.scopes` the caller's access token does not grant answers 403, as its route tool would have been refused.
 */
function check(app: CoreFw, ctx: Context): Response | undefined {
  const mark = marks.get(ctx.request);
  if (mark === undefined) return undefined;
  const method = ctx.request.method;
  const routes = matchedRoutes(app, method, ctx.routePath);
  if (routes.some((route) => route.options?.hidden))
    return refusal(
      404,
      'not_found',
      `${method} ${ctx.path}: in-process calls made by MCP tools do not reach hidden routes (the MCP endpoint among them)`,
    );
  if (mark.auth === undefined) return undefined;
  const needed = [...new Set(routes.flatMap((route) => route.options?.mcp?.scopes ?? []))];
  const missing = missingScopes(needed, grantedOf(mark.auth));
  if (missing.length === 0) return undefined;
  return refusal(
    403,
    'insufficient_scope',
    `${method} ${ctx.path} needs the scope${missing.length > 1 ? 's' : ''} ${missing.join(' ')}, which the caller's access token does not grant`,
  );
}

/**
 * Installs the in-process check on an app once (a before-handle hook, so it sees the route the app itself matched:
 * no second router to disagree with it). Requests not made by MCP tools pass after one WeakMap lookup.
 */
export function guardInProcessCalls(app: CoreFw): void {
  if (guardedApps.has(app)) return;
  guardedApps.add(app);
  app.onBeforeHandle((ctx) => check(app, ctx));
}
