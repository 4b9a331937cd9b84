import type { Context, Fw, FwPluginConfig } from 'fw';
import type { MCPServer } from '../server';
import { createGuard } from './guard';
import { ErrorCode } from '../jsonrpc';
import { rpcErrorResponse } from './responses';
import { LegacySSE } from './legacy-sse';
import type { MCPHTTPOptions } from './options';
import { createSessionStore } from './sessions';
import { StreamableHTTP } from './streamable';

export type { MCPHTTPOptions, MCPSessionOptions } from './options';

type RouteHandler = (ctx: Context) => Response | Promise<Response>;

function normalizePath(path: string): string {
  const trimmed = `/${path.replace(/^\/+|\/+$/g, '')}`;
  return trimmed === '/' ? '' : trimmed;
}

/**
 * The fw plugin serving an MCP server over HTTP: streamable HTTP on `<path>` and, unless `enableSSE` is false,
 * legacy SSE on `<path>/sse` and `<path>/stream`. Origin, rate limit and Bearer checks run inside every
 * route handler, so nothing (compile(), listen(), another plugin) can route around them.
 */
export function createMCPPlugin(server: MCPServer, options: MCPHTTPOptions = {}): FwPluginConfig {
  const base = normalizePath(options.path ?? '/mcp');
  const streamable = new StreamableHTTP(server, createSessionStore(options.sessions));
  let mounted: Fw | null = null;
  const guard = createGuard(options, () => mounted?.getAppConfig().hostname);
  const authorize = options.authorize;
  const refused = (): Response => rpcErrorResponse(401, ErrorCode.Unauthorized, 'Unauthorized: access to this MCP server was refused', { 'www-authenticate': 'Bearer realm="mcp"' });
  const guarded = (handler: RouteHandler): RouteHandler =>
    authorize === undefined
      ? (ctx) => guard(ctx.request, ctx.env) ?? handler(ctx)
      : async (ctx) => guard(ctx.request, ctx.env) ?? ((await authorize(ctx)) ? handler(ctx) : refused());
  return {
    name: base === '/mcp' ? 'fw-mcp' : `fw-mcp:${base || '/'}`,
    setup(app) {
      mounted = app;
      if (server.app === null) server.bind(app);
      const endpoint = base || '/';
      const internal = { hidden: true, summary: 'MCP endpoint' };
      app.post(endpoint, guarded(streamable.post), internal);
      app.get(endpoint, guarded(streamable.get), internal);
      app.delete(endpoint, guarded(streamable.delete), internal);
      if (options.enableSSE !== false) {
        const legacy = new LegacySSE(server, `${base}/stream`);
        app.get(`${base}/sse`, guarded(legacy.open), internal);
        app.post(`${base}/stream`, guarded(legacy.post), internal);
      }
    },
  };
}
