import type { Context } from '../core/context';
import { HttpError } from '../core/errors';
import { upstreamUrl, type ProxySettings } from './options';

function refused(): HttpError {
  return new HttpError(400, 'This request cannot be forwarded', { code: 'PROXY_UPSTREAM_REFUSED' });
}

/** The base URL for this request: the fixed upstream, or the function's answer when its origin is an allowed one (else a 400). */
function baseFor(ctx: Context, settings: ProxySettings): URL {
  const { upstream, allowedOrigins } = settings;
  if (!(typeof upstream === 'function')) return upstream;
  let url: URL;
  try {
    url = upstreamUrl(upstream(ctx), 'the upstream function');
  } catch {
    throw refused();
  }
  if (allowedOrigins !== 'any' && !allowedOrigins?.has(url.origin)) throw refused();
  return url;
}

/** The path and query of the request as received (still percent-encoded), or what the `path` option answers. */
function pathFor(ctx: Context, settings: ProxySettings): string {
  if (settings.path === null) {
    const url = new URL(ctx.request.url);
    return url.pathname + url.search;
  }
  const path = settings.path(ctx);
  if (typeof path !== 'string' || path.charCodeAt(0) !== 47)
    throw new TypeError(`proxy: the path option must return a path starting with "/", got ${JSON.stringify(path)}`);
  return path;
}

/**
 * The URL the request goes to: the upstream's path, then the request's path and query. It is checked to stay on
 * the upstream's origin, so no path can send the request to another host.
 */
export function targetUrl(ctx: Context, settings: ProxySettings): URL {
  const base = baseFor(ctx, settings);
  const prefix = base.pathname.endsWith('/') ? base.pathname.slice(0, -1) : base.pathname;
  const target = new URL(`${base.origin}${prefix}${pathFor(ctx, settings)}`);
  if (target.origin !== base.origin) throw refused();
  return target;
}
