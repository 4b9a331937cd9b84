import type { Context, CoreFw, FwPluginConfig } from 'fw';
import { appConfigInfo } from 'fw/core';
import type { MCPServer } from '../server';
import { exposureCheck } from './exposure';
import { createGuard } from './guard';
import { ErrorCode } from '../jsonrpc';
import { rpcErrorResponse } from '../http-json/error-response';
import type { MCPHTTPOptions, MCPLegacySSE } from './options';
import { LiveStreams, resumabilityConfig } from './resumability';
import { limitBody, tooLarge } from '../http-json/body';
import { checkBatchLimit, checkBodyLimit } from '../limits';
import { createSessionStore } from './sessions';
import { cancellationsOf } from './cancellation-options';
import { StreamableHTTP } from './streamable';

export type { MCPCancellationOptions, MCPHTTPOptions, MCPLegacySSE, MCPResumabilityOptions, MCPSessionOptions } from './options';

/** The legacy SSE transport the options ask for, or null; `enableSSE: true` without `legacySSE` (or a wrong one) fails here. */
function legacyOf(options: MCPHTTPOptions): MCPLegacySSE | null {
  const given = options.legacySSE as unknown;
  if (given === undefined) {
    if (options.enableSSE === true)
      throw new TypeError(
        "enableSSE: the legacy HTTP+SSE transport is an import: pass legacySSE from 'fw-mcp/legacy-sse' (createMCPPlugin(server, { legacySSE }))",
      );
    return null;
  }
  if (typeof (given as { transport?: unknown } | null)?.transport !== 'function')
    throw new TypeError("The legacySSE option takes legacySSE from 'fw-mcp/legacy-sse'");
  return options.enableSSE === false ? null : options.legacySSE!;
}

/** The 405 of the legacy SSE paths on a server that does not serve that transport. */
function noLegacySSE(endpoint: string): RouteHandler {
  const message = `Legacy HTTP+SSE (2024-11-05) is not served here: use streamable HTTP at ${endpoint} (the server can add legacySSE from 'fw-mcp/legacy-sse')`;
  return () => rpcErrorResponse(405, ErrorCode.InvalidRequest, message);
}

/** Refuses an `oauth` option that did not come from `oauth()`, and one combined with `authToken`. */
function checkOAuthOption(options: MCPHTTPOptions): void {
  const given = options.oauth as unknown;
  if (given === undefined) return;
  if (typeof (given as { check?: unknown } | null)?.check !== 'function')
    throw new TypeError(
      "The oauth option takes oauth({ authorizationServers: [...] }) from 'fw-mcp', not the options themselves (the token checks live in oauth(), so servers without OAuth do not bundle them)",
    );
  if (options.authToken !== undefined)
    throw new TypeError(
      'authToken and oauth both check the Bearer token: use one (an introspect hook given to oauth() can accept a static token besides OAuth ones)',
    );
}

type RouteHandler = (ctx: Context) => Response | Promise<Response>;

function normalizePath(path: string): string {
  const trimmed = `/${path.replace(/^\/+|\/+$/g, '')}`;
  return trimmed === '/' ? '' : trimmed;
}

/**
 * The fw plugin serving an MCP server over HTTP: streamable HTTP on `<path>` and, with `legacySSE` (from
 * `fw-mcp/legacy-sse`), legacy SSE on `<path>/sse` and `<path>/stream` (405 there without it); with `oauth`, the protected-resource metadata under
 * `/.well-known/oauth-protected-resource` and an access token checked on every MCP request. Origin, rate limit,
 * token and `authorize` checks, and the body limit (`maxBodySize`, else the app's), run inside every MCP route
 * handler, so nothing (compile(), listen(), another plugin) can route around them.
 */
export function createMCPPlugin(server: MCPServer, options: MCPHTTPOptions = {}): FwPluginConfig {
  const base = normalizePath(options.path ?? '/mcp');
  const endpoint = base || '/';
  checkOAuthOption(options);
  const legacySSE = legacyOf(options);
  const oauth = options.oauth?.options;
  const resumability = resumabilityConfig(options.resumability, options.sessions);
  const live =
    resumability === null
      ? null
      : new LiveStreams(resumability, (error) => {
          if (server.debug) console.error('[fw-mcp] storing an SSE event for replay failed:', error);
        });
  const maxBodySize = checkBodyLimit(options.maxBodySize, 'createMCPPlugin');
  const maxBatchSize = checkBatchLimit(options.maxBatchSize, 'createMCPPlugin');
  const cancellations = cancellationsOf(options, (error) => {
    if (server.debug) console.error('[fw-mcp] reading or writing a cancellation in the store failed:', error);
  });
  const streamable = new StreamableHTTP(server, createSessionStore(options.sessions), live, maxBatchSize, cancellations);
  let mounted: CoreFw | null = null;
  const challenge = (ctx: Context, error?: 'invalid_token'): string =>
    options.oauth?.challenge(ctx, endpoint, error) ?? `Bearer realm="mcp"${error === undefined ? '' : `, error="${error}"`}`;
  const guard = createGuard(options, challenge, () => (mounted ? appConfigInfo(mounted).hostname : undefined));
  const checkExposure = exposureCheck(endpoint, options.authToken !== undefined || options.authorize !== undefined || oauth !== undefined);
  const authorize = options.authorize;
  const resourceServer = options.oauth === undefined ? null : options.oauth.check(server, endpoint);
  const refused = (ctx: Context): Response =>
    rpcErrorResponse(401, ErrorCode.Unauthorized, 'Unauthorized: access to this MCP server was refused', {
      'www-authenticate': challenge(ctx),
    });
  const checked =
    (handler: RouteHandler): RouteHandler =>
    (ctx) => {
      checkExposure(ctx, mounted!);
      return guard(ctx) ?? limitBody(ctx.request, maxBodySize ?? ctx.app.maxBodySize) ?? handler(ctx);
    };
  const guarded = (handler: RouteHandler): RouteHandler => {
    const authorized: RouteHandler =
      authorize === undefined ? handler : async (ctx) => ((await authorize(ctx)) ? handler(ctx) : refused(ctx));
    return checked(resourceServer === null ? authorized : async (ctx) => (await resourceServer(ctx)) ?? authorized(ctx));
  };
  return {
    name: base === '/mcp' ? 'fw-mcp' : `fw-mcp:${endpoint}`,
    setup(app) {
      mounted = app;
      if (server.app === null) server.bind(app);
      const internal = { hidden: true, summary: 'MCP endpoint' };
      app.post(endpoint, guarded(streamable.post), internal);
      app.get(endpoint, guarded(streamable.get), internal);
      app.delete(endpoint, guarded(streamable.delete), internal);
      // A body the platform refused before any route ran (fw/node's, fw/bun's own limit) still gets a JSON-RPC error.
      const posted = new Set([endpoint, `${base}/stream`]);
      app.onError((error, ctx) =>
        posted.has(ctx.path) && (error as { status?: unknown } | null)?.status === 413 ? tooLarge((error as Error).message) : undefined,
      );
      const legacy = legacySSE?.transport(server, `${base}/stream`, maxBatchSize);
      const noLegacy = noLegacySSE(endpoint);
      app.get(`${base}/sse`, guarded(legacy?.open ?? noLegacy), internal);
      app.post(`${base}/stream`, guarded(legacy?.post ?? noLegacy), internal);
      options.oauth?.mount(app, base, endpoint);
    },
  };
}
