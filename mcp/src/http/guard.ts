import { ErrorCode } from '../jsonrpc';
import type { MCPHTTPOptions } from './options';
import { defaultRateLimitKey, TokenBuckets } from './rate-limit';
import { rpcErrorResponse } from './responses';

const loopback = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

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

/** Checks every MCP request before it is read: Origin (DNS rebinding), rate limit, then the Bearer token. */
export function createGuard(options: MCPHTTPOptions): (request: Request) => Response | null {
  const allowedOrigins = new Set(options.allowedOrigins ?? []);
  const buckets = options.rateLimit ? new TokenBuckets(options.rateLimit.max, options.rateLimit.windowMs) : null;
  const keyOf = options.rateLimitKey ?? defaultRateLimitKey;
  const expected = options.authToken === undefined ? null : `Bearer ${options.authToken}`;
  if (expected !== null && options.authToken === '') throw new TypeError('authToken must not be empty');

  return (request) => {
    const origin = request.headers.get('origin');
    if (origin !== null && !allowedOrigins.has(origin)) {
      const host = hostnameOf(request.url);
      if (host !== null && loopback.has(host) && !loopback.has(hostnameOf(origin) ?? '')) {
        return rpcErrorResponse(403, ErrorCode.InvalidRequest, `Forbidden: Origin ${origin} may not call this local MCP server`);
      }
    }
    if (buckets !== null) {
      const waitMs = buckets.take(keyOf(request));
      if (waitMs > 0) {
        return rpcErrorResponse(429, ErrorCode.RateLimited, 'Too many requests: rate limit exceeded', { 'retry-after': String(Math.ceil(waitMs / 1000)) });
      }
    }
    if (expected !== null) {
      const given = request.headers.get('authorization');
      if (given === null || !constantTimeEqual(given, expected)) {
        const challenge = given === null ? 'Bearer realm="mcp"' : 'Bearer realm="mcp", error="invalid_token"';
        return rpcErrorResponse(401, ErrorCode.Unauthorized, given === null ? 'Unauthorized: send Authorization: Bearer <token>' : 'Unauthorized: invalid Bearer token', { 'www-authenticate': challenge });
      }
    }
    return null;
  };
}
