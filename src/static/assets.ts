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

/** Asks the assets binding for one checked path, passing the client's conditional and range headers through. */
export function fetchAsset(assets: AssetsBinding, request: Request, segments: string[], trailingSlash: boolean): Promise<Response> {
  const url = new URL(segmentsToUrlPath('', segments, trailingSlash), request.url);
  return assets.fetch(new Request(url, { method: request.method, headers: request.headers }));
}

/**
 * The binding's answer as staticFiles sends it: `X-Content-Type-Options: nosniff` always, and the configured
 * `Cache-Control` (when one is given) on successful answers.
 */
export function servedAsset(response: Response, cacheControl: string | null): Response {
  const headers = new Headers(response.headers);
  headers.set('x-content-type-options', 'nosniff');
  if (cacheControl !== null && response.ok) headers.set('cache-control', cacheControl);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
