import type { CoreFw, JSONSchema, RouteInfo } from 'fw';
import { dedupeNames, routeToolName } from './route-tool-name';
import { routeInputSchema } from './route-tool-schema';
import { acceptedSchema, coerceArguments } from './route-tool-coerce';
import { callRoute, type ToolResult } from './route-tool-call';
import { inProcessCaller, type InProcessCaller } from './in-process-call';
import { checkScopes } from '../auth/scopes';
import type { ToolAnnotations } from '../types';
import { routeInfos } from 'fw/core';

export type { ToolAnnotations };

/**
 * What a route tool's handler receives besides its arguments: the MCP request's headers, an abort signal, and the
 * in-process caller of this tool call (the client's principal, forwarded headers and limits; the bridge sets it).
 */
export interface RouteToolContext {
  headers?: Headers;
  signal?: AbortSignal;
  caller?: InProcessCaller;
}

/** A tool made from a route. */
export interface RouteTool {
  name: string;
  description: string;
  inputSchema: JSONSchema;
  annotations: ToolAnnotations;
  /** OAuth scopes a token needs to call it: the route's `mcp.scopes` option. */
  scopes?: string[];
  route: RouteInfo;
  handler(args: Record<string, unknown>, ctx?: RouteToolContext): Promise<ToolResult>;
}

/** Which routes become tools and how they are called. */
export interface RouteToolOptions {
  /** Add POST, PUT, PATCH and DELETE routes (default false: GET and HEAD only). */
  allowMutation?: boolean;
  /** Paths to leave out besides `hidden` routes (the MCP endpoints themselves, typically). */
  excludePaths?: (path: string) => boolean;
  /** Request headers of the MCP call to pass on to the route (e.g. `['authorization']`). */
  forwardHeaders?: string[];
  /** Names already taken by other tools, so route tools get `_2` suffixes instead of clashing. */
  reservedNames?: Iterable<string>;
}

const readOnly = new Set(['GET', 'HEAD', 'ALL']);

function describe(route: RouteInfo): string {
  const options = route.options ?? {};
  const text = options.summary ?? options.description;
  const where = `${route.method === 'ALL' ? 'GET' : route.method} ${route.path}`;
  if (text) return `${text} (${where})`;
  return `Calls ${where} on the running app and returns its response.`;
}

function annotate(route: RouteInfo): ToolAnnotations {
  const title = route.options?.summary ?? `${route.method} ${route.path}`;
  if (readOnly.has(route.method)) return { title, readOnlyHint: true, openWorldHint: false };
  return {
    title,
    readOnlyHint: false,
    destructiveHint: route.method === 'DELETE',
    idempotentHint: route.method === 'PUT' || route.method === 'DELETE',
    openWorldHint: false,
  };
}

/** The values of the named headers (lower-case names) of the MCP request, to pass on to the app. */
export function forwarded(names: string[], headers: Headers | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!headers) return out;
  for (const name of names) {
    const value = headers.get(name);
    if (value !== null) out[name] = value;
  }
  return out;
}

/**
 * Turns every eligible route of an app into an MCP tool (hidden routes and excluded paths left out); a route's
 * `mcp.scopes` option becomes the tool's scopes (a malformed list throws, naming the route).
 */
export function routeTools(app: CoreFw, options: RouteToolOptions = {}): RouteTool[] {
  const routes = routeInfos(app)
    .filter((r) => !r.options?.hidden)
    .filter((r) => !options.excludePaths?.(r.path))
    .filter((r) => options.allowMutation || readOnly.has(r.method));
  const names = dedupeNames(
    routes.map((r) => routeToolName(r.method === 'ALL' ? 'all' : r.method, r.path)),
    options.reservedNames,
  );
  const forward = (options.forwardHeaders ?? []).map((h) => h.toLowerCase());
  return routes.map((route, i) => {
    const schema = routeInputSchema(route);
    const scopes = route.options?.mcp?.scopes;
    checkScopes(`Route ${route.method} ${route.path}: the option mcp.scopes`, scopes);
    return {
      name: names[i],
      description: describe(route),
      inputSchema: acceptedSchema(schema),
      annotations: annotate(route),
      scopes,
      route,
      handler: async (args, ctx) => {
        const checked = coerceArguments(names[i], schema, args ?? {});
        if ('error' in checked) return checked.error;
        const caller = ctx?.caller ?? inProcessCaller({ headers: forwarded(forward, ctx?.headers), signal: ctx?.signal });
        return callRoute(app, route, checked.args, { caller });
      },
    };
  });
}
