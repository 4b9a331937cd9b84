import type { Context } from 'fw';
import { ErrorCode } from '../jsonrpc';
import { markAuthenticatingEndpoint } from './caller-trust';
import { clientKey } from './client-address';
import { isLoopbackName } from './loopback';
import type { MCPHTTPOptions } from './options';
import { TokenBuckets } from './rate-limit';
import { rpcErrorResponse } from '../http-json/error-response';

function hostnameOf(url: string): string | null {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}

/** Compares two strings in time that depends only on their lengths (for the Bearer token). */
export function constantTimeEqual(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < x.length; i++) diff |= x[i] ^ (y[i] ?? 0);
  return diff === 0;
}

/** The Host header's name without the port (`[::1]` keeps its brackets), lowercased; the URL's host when absent. */
function hostOf(request: Request): string | null {
  const header = request.headers.get('host');
  if (header === null) return hostnameOf(request.url);
  const end = header.startsWith('[') ? header.indexOf(']') + 1 : header.indexOf(':');
  return (end > 0 ? header.slice(0, end) : header).toLowerCase();
}

/** Whether the connection arrived on a loopback address (fw/node hands the `IncomingMessage` as `env.incoming`). */
function arrivedOnLoopback(env: unknown): boolean {
  const address = (env as { incoming?: { socket?: { localAddress?: string } } } | null | undefined)?.incoming?.socket?.localAddress;
  return address !== undefined && (address.startsWith('127.') || address === '::1' || address.startsWith('::ffff:127.'));
}

/** `authToken` as a function of the request (a fixed string, or a secret read per request, e.g. `ctx.env.MCP_TOKEN`); null when unset. */
function bearerTokenOf(authToken: MCPHTTPOptions['authToken']): ((ctx: Context) => string | undefined) | null {
  if (authToken === undefined) return null;
  if (typeof authToken === 'function') return authToken;
  if (typeof authToken !== 'string' || authToken === '')
    throw new TypeError(
      `authToken must be a non-empty string or a function (ctx) => string, got ${authToken === '' ? "''" : typeof authToken}`,
    );
  return () => authToken;
}

/** The guard: a refusal Response, or null to let the request through. */
export type Guard = (ctx: Context) => Response | null;

/** The `WWW-Authenticate` value of a 401 for this request; `error` when a token was sent but is wrong. */
export type Challenge = (ctx: Context, error?: 'invalid_token') => string;

/**
 * Checks every MCP request before it is read: Host and Origin (DNS rebinding), rate limit, then the Bearer token.
 * A server is local when the app listens on a loopback name (`listenHostname`) or the connection arrived on a
 * loopback address; a local server accepts only loopback Host names. `allowedHosts` replaces the Host rule (for a
 * proxy on the same machine forwarding public names). An Origin header, when present, must be listed in
 * `allowedOrigins` whenever that option is set, on every target; without it, a local server (or a loopback Host)
 * accepts only loopback Origins.
 */
export function createGuard(
  options: MCPHTTPOptions,
  challenge: Challenge,
  listenHostname: () => string | undefined = () => undefined,
): Guard {
  const allowedOrigins = options.allowedOrigins ? new Set(options.allowedOrigins) : null;
  const allowedHosts = options.allowedHosts ? new Set(options.allowedHosts) : null;
  const buckets = options.rateLimit ? new TokenBuckets(options.rateLimit.max, options.rateLimit.windowMs) : null;
  const custom = options.rateLimitKey;
  const keyOf = custom === undefined ? clientKey : (ctx: Context) => custom(ctx.request, ctx);
  const tokenOf = bearerTokenOf(options.authToken);
  const authenticates = tokenOf !== null || options.oauth !== undefined || options.authorize !== undefined;

  const originRefused = (origin: string, local: boolean, host: string | null): boolean => {
    if (allowedOrigins !== null && allowedOrigins.has(origin)) return false;
    const loopbackOrigin = isLoopbackName(hostnameOf(origin) ?? '');
    if (local || isLoopbackName(host ?? '')) return !loopbackOrigin;
    return allowedOrigins !== null;
  };

  return (ctx) => {
    const request = ctx.request;
    // The handler runs only after every check here, OAuth's and authorize's passed: reaching it means authenticated.
    if (authenticates) markAuthenticatingEndpoint(request);
    const origin = request.headers.get('origin');
    const local = isLoopbackName(listenHostname() ?? '') || arrivedOnLoopback(ctx.env);
    if (local || allowedHosts !== null || origin !== null) {
      const host = hostOf(request);
      if (allowedHosts !== null ? !allowedHosts.has(host ?? '') : local && !isLoopbackName(host ?? '')) {
        return rpcErrorResponse(
          403,
          ErrorCode.InvalidRequest,
          `Forbidden: Host ${host ?? '(none)'} is not allowed on this MCP server (a proxy forwarding public names needs allowedHosts)`,
        );
      }
      if (origin !== null && originRefused(origin, local, host)) {
        const hint = allowedOrigins === null ? 'this local MCP server accepts loopback Origins only' : 'it is not in allowedOrigins';
        return rpcErrorResponse(403, ErrorCode.InvalidRequest, `Forbidden: Origin ${origin} may not call this MCP server (${hint})`);
      }
    }
    if (buckets !== null) {
      const waitMs = buckets.take(keyOf(ctx));
      if (waitMs > 0) {
        return rpcErrorResponse(429, ErrorCode.RateLimited, 'Too many requests: rate limit exceeded', {
          'retry-after': String(Math.ceil(waitMs / 1000)),
        });
      }
    }
    if (tokenOf !== null) {
      const token = tokenOf(ctx);
      if (typeof token !== 'string' || token === '')
        return rpcErrorResponse(
          500,
          ErrorCode.InternalError,
          'Server misconfigured: authToken(ctx) gave no token, so this MCP endpoint refuses every request',
        );
      const given = request.headers.get('authorization');
      if (given === null || !constantTimeEqual(given, `Bearer ${token}`)) {
        const message = given === null ? 'Unauthorized: send Authorization: Bearer <token>' : 'Unauthorized: invalid Bearer token';
        return rpcErrorResponse(401, ErrorCode.Unauthorized, message, {
          'www-authenticate': challenge(ctx, given === null ? undefined : 'invalid_token'),
        });
      }
    }
    return null;
  };
}
