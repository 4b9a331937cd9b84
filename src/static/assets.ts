/** The workers static-assets binding (`env.ASSETS`), when the request carries one. */
export interface AssetsBinding {
  fetch(request: Request): Promise<Response>;
}

/** The `ASSETS` binding of a worker's env, or null elsewhere. */
export function assetsBinding(env: unknown): AssetsBinding | null {
  const assets = env !== null && typeof env === 'object' ? (env as { ASSETS?: unknown }).ASSETS : undefined;
  return assets !== null && typeof assets === 'object' && typeof (assets as AssetsBinding).fetch === 'function' ? (assets as AssetsBinding) : null;
}

/** Asks the assets binding for one checked path, passing the client's conditional and range headers through. */
export function fetchAsset(assets: AssetsBinding, request: Request, segments: string[], trailingSlash: boolean): Promise<Response> {
  const path = `/${segments.map(encodeURIComponent).join('/')}${trailingSlash && segments.length > 0 ? '/' : ''}`;
  return assets.fetch(new Request(new URL(path, request.url), { method: request.method, headers: request.headers }));
}
