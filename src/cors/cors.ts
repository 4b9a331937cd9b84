import type { Context, FwPluginConfig, Middleware } from 'fw';
import { appendVary, mutableResponse } from '../security/mutable-response';
import { checkOptions } from '../core/options';

/** Which origins may call: `*`, one origin, a list, a pattern, or a function deciding per request. */
export type CorsOrigin = '*' | string | string[] | RegExp | ((origin: string, ctx: Context) => boolean | Promise<boolean>);

/** CORS options (defaults: any origin without credentials, the common methods, request headers reflected). */
export interface CorsOptions {
  origin?: CorsOrigin;
  methods?: string[];
  /** Headers a preflight may ask for (default: whatever it asks for). */
  allowedHeaders?: string[];
  exposedHeaders?: string[];
  credentials?: boolean;
  /** Seconds a browser may cache a preflight answer (Access-Control-Max-Age). */
  maxAge?: number;
}

const defaultMethods = ['GET', 'HEAD', 'PUT', 'PATCH', 'POST', 'DELETE'];

function originMatcher(origin: CorsOrigin): (value: string, ctx: Context) => boolean | Promise<boolean> {
  if (origin === '*') return () => true;
  if (typeof origin === 'function') return origin;
  if (origin instanceof RegExp) return (value) => origin.test(value);
  const allowed = new Set((Array.isArray(origin) ? origin : [origin]).map((o) => o.replace(/\/$/, '').toLowerCase()));
  return (value) => allowed.has(value.toLowerCase());
}

/** Every option of cors(), so a mistyped key fails at startup. */
const corsOptionsKeys: Record<keyof CorsOptions, true> = {
  origin: true,
  methods: true,
  allowedHeaders: true,
  exposedHeaders: true,
  credentials: true,
  maxAge: true,
};

/**
 * CORS middleware: answers preflights (204 with the allowed methods, headers and Max-Age; 403 for an origin
 * that is not allowed) and adds Access-Control-* headers to actual responses. `*` is never sent with credentials.
 */
export function cors(options: CorsOptions = {}): Middleware {
  checkOptions('cors()', options, corsOptionsKeys);
  const origin = options.origin ?? '*';
  if (origin === '*' && options.credentials) {
    throw new Error(
      "cors: origin '*' cannot be combined with credentials: true; list the allowed origins (browsers refuse '*' with credentials)",
    );
  }
  const matches = originMatcher(origin);
  const wildcard = origin === '*';
  const methods = (options.methods ?? defaultMethods).map((m) => m.toUpperCase()).join(', ');
  const exposed = options.exposedHeaders?.join(', ');
  const allowedHeaders = options.allowedHeaders?.map((h) => h.toLowerCase());

  return async (ctx, next) => {
    const requestOrigin = ctx.header('origin');
    const preflight = ctx.method === 'OPTIONS' && ctx.header('access-control-request-method') !== null;
    if (requestOrigin === null) return next();
    const decided = matches(requestOrigin, ctx);
    const allowed = typeof decided === 'boolean' ? decided : await decided;
    if (preflight) {
      if (!allowed) {
        return ctx.status(403).jsonResponse({ error: `Origin ${requestOrigin} is not allowed`, code: 'CORS_ORIGIN_DENIED' });
      }
      const asked = (ctx.header('access-control-request-headers') ?? '')
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean);
      const refused = allowedHeaders ? asked.filter((h) => !allowedHeaders.includes(h)) : [];
      if (refused.length > 0) {
        return ctx.status(403).jsonResponse({ error: `Request headers not allowed: ${refused.join(', ')}`, code: 'CORS_HEADERS_DENIED' });
      }
      const headers = new Headers({
        'access-control-allow-origin': wildcard ? '*' : requestOrigin,
        'access-control-allow-methods': methods,
      });
      if (asked.length > 0) headers.set('access-control-allow-headers', (allowedHeaders ?? asked).join(', '));
      if (options.credentials) headers.set('access-control-allow-credentials', 'true');
      if (options.maxAge !== undefined) headers.set('access-control-max-age', String(Math.floor(options.maxAge)));
      if (!wildcard) headers.set('vary', 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers');
      return new Response(null, { status: 204, headers });
    }
    const addHeaders = (headers: Headers): void => {
      if (!wildcard) appendVary(headers, 'Origin');
      if (!allowed) return;
      headers.set('access-control-allow-origin', wildcard ? '*' : requestOrigin);
      if (options.credentials) headers.set('access-control-allow-credentials', 'true');
      if (exposed) headers.set('access-control-expose-headers', exposed);
    };
    let response = await next();
    try {
      addHeaders(response.headers);
    } catch {
      // Immutable headers (a fetch() answer) throw on their first change: copy the response and add them there.
      response = mutableResponse(response);
      addHeaders(response.headers);
    }
    return response;
  };
}

/** CORS as a plugin, for `app.use(corsPlugin(...))`. */
export function corsPlugin(options: CorsOptions = {}): FwPluginConfig {
  const middleware = cors(options);
  return { name: 'cors', setup: (app) => void app.use(middleware) };
}
