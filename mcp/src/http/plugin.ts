import type { Context, CoreFw, FwPluginConfig } from 'fw';
import { appConfigInfo, routeInfos } from 'fw/core';
import type { MCPServer } from '../server';
import { exposureCheck } from './exposure';
import { createGuard } from './guard';
import { ErrorCode } from '../jsonrpc';
import { rpcErrorResponse } from '../http-json/error-response';
import { LegacySSE } from './legacy-sse';
import { bearerChallenge, METADATA_PATH, metadataDocument, metadataPathFor, resourceOf } from '../oauth/metadata';
import type { MCPHTTPOptions } from './options';
import { LiveStreams, resumabilityConfig } from './resumability';
import { limitBody, tooLarge } from '../http-json/body';
import { checkBatchLimit, checkBodyLimit } from '../limits';
import { createSessionStore } from './sessions';
import { cancellationsOf } from './cancellation-options';
import { StreamableHTTP } from './streamable';

export type { MCPCancellationOptions, MCPHTTPOptions, MCPResumabilityOptions, MCPSessionOptions } from './options';

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
 * The fw plugin serving an MCP server over HTTP: streamable HTTP on `<path>` and, unless `enableSSE` is false,
 * legacy SSE on `<path>/sse` and `<path>/stream`; with `oauth`, the protected-resource metadata under
 * `/.well-known/oauth-protected-resource` and an access token checked on every MCP request. Origin, rate limit,
 * token and `authorize` checks, and the body limit (`maxBodySize`, else the app's), run inside every MCP route
 * handler, so nothing (compile(), listen(), another plugin) can route around them.
 */
export function createMCPPlugin(server: MCPServer, options: MCPHTTPOptions = {}): FwPluginConfig {
  const base = normalizePath(options.path ?? '/mcp');
  const endpoint = base || '/';
  checkOAuthOption(options);
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
    bearerChallenge(oauth, ctx, endpoint, error === undefined ? {} : { error });
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
      if (options.enableSSE !== false) {
        const legacy = new LegacySSE(server, `${base}/stream`, maxBatchSize);
        app.get(`${base}/sse`, guarded(legacy.open), internal);
        app.post(`${base}/stream`, guarded(legacy.post), internal);
      }
      if (oauth !== undefined) {
        const metadata = (ctx: Context): Response =>
          new Response(JSON.stringify(metadataDocument(oauth, resourceOf(oauth, ctx, endpoint))), {
            headers: { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'cache-control': 'max-age=3600' },
          });
        const paths = new Set([METADATA_PATH, metadataPathFor(oauth.resource === undefined ? base : new URL(oauth.resource).pathname)]);
        const taken = new Set(
          routeInfos(app)
            .filter((route) => route.method === 'GET')
            .map((route) => route.path),
        );
        for (const path of paths)
          if (!taken.has(path)) app.get(path, metadata, { hidden: true, summary: 'OAuth protected-resource metadata' });
      }
    },
  };
}
