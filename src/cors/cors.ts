import type { Context } from '../core/context';
import type { FwPluginConfig, Middleware } from '../core/types';
import { appendVary, mutableResponse } from '../security/mutable-response';
import { checkOptions } from '../core/options';
import { type CorsOrigin, originMatcher } from './origin';
import { markRunsFirst } from './runs-first';

export type { CorsOrigin } from './origin';

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

/** Every option of cors(), so a mistyped key fails at startup. */
const corsOptionsKeys: Record<keyof CorsOptions, true> = {
  origin: true,
  methods: true,
  allowedHeaders: true,
  exposedHeaders: true,
  credentials: true,
  maxAge: true,
};

function checkScalars(options: CorsOptions): void {
  if (options.credentials !== undefined && typeof options.credentials !== 'boolean')
    throw new TypeError(`cors: credentials must be a boolean, got ${String(options.credentials)}`);
  if (options.maxAge !== undefined && !(typeof options.maxAge === 'number' && Number.isFinite(options.maxAge) && options.maxAge >= 0))
    throw new TypeError(`cors: maxAge must be a number of seconds >= 0, got ${String(options.maxAge)}`);
}

/** An origin function's answer, which must be a boolean (Hono's returns the origin to send: a truthy string). */
function decision(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  throw new TypeError(
    `cors: the origin function must return true or false (whether the origin is allowed), got ${typeof value === 'string' ? JSON.stringify(value) : String(value)}`,
  );
}

/**
 * CORS middleware: answers preflights (204 with the allowed methods, headers and Max-Age; 403 for an origin
 * that is not allowed) and adds Access-Control-* headers to actual responses. On `fw`'s app it runs before every
 * other middleware of its paths wherever it is registered (runs-first.ts), so guards never see a preflight and their
 * 401 carries the headers. `*` is never sent with credentials, an origin allowing every site is refused with
 * credentials at startup, and `Origin: null` is never allowed with them.
 */
export function cors(options: CorsOptions = {}): Middleware {
  checkOptions('cors()', options, corsOptionsKeys);
  checkScalars(options);
  const credentials = options.credentials === true;
  const matcher = originMatcher(options.origin ?? '*', credentials);
  const wildcard = matcher === null;
  // Origin: null comes from sandboxed frames, data: documents and redirects, which any website can produce.
  const matches = (value: string, ctx: Context): boolean | Promise<boolean> =>
    matcher === null || ((!credentials || value !== 'null') && matcher(value, ctx));
  const methods = (options.methods ?? defaultMethods).map((m) => m.toUpperCase()).join(', ');
  const exposed = options.exposedHeaders?.join(', ');
  const allowedHeaders = options.allowedHeaders?.map((h) => h.toLowerCase());

  return markRunsFirst(async (ctx, next) => {
    const requestOrigin = ctx.header('origin');
    const preflight = ctx.method === 'OPTIONS' && ctx.header('access-control-request-method') !== null;
    if (requestOrigin === null) return next();
    const decided = matches(requestOrigin, ctx);
    const allowed = decision(typeof decided === 'boolean' ? decided : await decided);
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
  });
}

/** CORS as a plugin, for `app.use(corsPlugin(...))`. */
export function corsPlugin(options: CorsOptions = {}): FwPluginConfig {
  const middleware = cors(options);
  return { name: 'cors', setup: (app) => void app.use(middleware) };
}
