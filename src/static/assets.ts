import { sandboxActive } from './active-content';
import type { ResolvedStaticOptions } from './options';
import { segmentsToUrlPath } from './safe-path';

/** The workers static-assets binding (`env.ASSETS`), when the request carries one. */
export interface AssetsBinding {
  fetch(request: Request): Promise<Response>;
}

/** The `ASSETS` binding of a worker's env, or null elsewhere. */
export function assetsBinding(env: unknown): AssetsBinding | null {
  const assets = env !== null && typeof env === 'object' ? (env as { ASSETS?: unknown }).ASSETS : undefined;
  return assets !== null && typeof assets === 'object' && typeof (assets as AssetsBinding).fetch === 'function'
    ? (assets as AssetsBinding)
    : null;
}

/**
 * Asks the assets binding for one checked path, passing the client's conditional and range headers through; its
 * redirects (`/docs` to `/docs/`) come back to the client instead of being followed here.
 */
export function fetchAsset(assets: AssetsBinding, request: Request, segments: string[], trailingSlash: boolean): Promise<Response> {
  const url = new URL(segmentsToUrlPath('', segments, trailingSlash), request.url);
  return assets.fetch(new Request(url, { method: request.method, headers: request.headers, redirect: 'manual' }));
}

/**
 * The binding's answer as staticFiles sends it: `X-Content-Type-Options: nosniff` always, the configured
 * `Cache-Control` (when `maxAge` was given) on successful answers, the prefix put back in front of the binding's own
 * redirects (it knows only the path under the prefix), and, for `untrusted` files, the sandbox of active content.
 */
export function servedAsset(response: Response, options: ResolvedStaticOptions): Response {
  const headers = new Headers(response.headers);
  headers.set('x-content-type-options', 'nosniff');
  if (options.cacheControl !== 'public, max-age=0' && response.ok) headers.set('cache-control', options.cacheControl);
  const location = headers.get('location');
  if (location !== null && options.prefix !== '' && /^\/(?![/\\])/.test(location)) headers.set('location', `${options.prefix}${location}`);
  if (options.untrusted) sandboxActive(headers, headers.get('content-type'));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
