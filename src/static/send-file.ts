import { HttpError } from '../core/errors';
import type { Context } from '../core/context';
import { assetsBinding, fetchAsset, servedAsset } from './assets';
import { nosniffHeaders } from './nosniff';
import { resolveStaticOptions } from './options';
import { safeSegments } from './safe-path';
import { lazyStaticServer } from './static-files';
import type { StaticOptions } from './types';

/** Options of `fileSender(root, options)`: those of `staticFiles` that apply to one file. */
export type FileSenderOptions = Omit<StaticOptions, 'prefix' | 'index' | 'listing' | 'preload'>;

/** Sends files under one root from handlers: `sendFile` shows a file, `download` offers it as an attachment. */
export interface FileSender {
  /** The file at `path` under the root (conditional, range and HEAD requests answered); 404 when there is none. */
  sendFile(ctx: Context, path: string): Promise<Response>;
  /**
   * The file as an attachment named `filename` (default: its own name): `Content-Disposition: attachment` with an
   * ASCII `filename` and, for other names, the UTF-8 `filename*` of RFC 6266 and RFC 8187.
   */
  download(ctx: Context, path: string, filename?: string): Promise<Response>;
}

function notFound(path: string): HttpError {
  return new HttpError(404, `No file ${JSON.stringify(path)}`, { code: 'NOT_FOUND', headers: nosniffHeaders });
}

/**
 * The checked segments of a file path under the root (a name as the app holds it, not URL-encoded): `..`, NUL and
 * back slashes are a 403, as in a URL, since the path may come from the request (`ctx.params.name`).
 */
function fileSegments(path: string): string[] {
  if (typeof path !== 'string') throw new TypeError(`sendFile: path must be a string, got ${typeof path}`);
  return safeSegments(path.split('/').map(encodeURIComponent).join('/')).segments;
}

/**
 * A sender of the files under `root`, with `staticFiles`'s safety and caching (traversal refused, dotfiles not
 * found unless allowed, ETag and ranges, precompressed variants, `setHeaders`). Options are checked here, at startup.
 * On workers the file comes from the static-assets binding `env.ASSETS`.
 */
export function fileSender(root: string, options: FileSenderOptions = {}): FileSender {
  for (const name of ['prefix', 'index', 'listing', 'preload'] as const)
    if (name in options) throw new TypeError(`fileSender: ${name} is a staticFiles option; fileSender serves one named file`);
  const resolved = resolveStaticOptions(root, { ...options, index: false, listing: false });
  const serverFor = lazyStaticServer(root, options.source, resolved);

  async function send(ctx: Context, path: string): Promise<Response> {
    const segments = fileSegments(path);
    if (segments.length === 0 || (!resolved.dotfiles && segments.some((s) => s.startsWith('.')))) throw notFound(path);
    const assets = options.source ? null : assetsBinding(ctx.env);
    if (assets !== null) {
      const method = ctx.method === 'HEAD' ? 'HEAD' : 'GET';
      const response = await fetchAsset(assets, new Request(ctx.request.url, { method, headers: ctx.request.headers }), segments, false);
      if (response.status === 404 || (response.status >= 300 && response.status < 400 && response.status !== 304)) {
        await response.body?.cancel();
        throw notFound(path);
      }
      const served = servedAsset(response, resolved);
      resolved.setHeaders?.(served.headers, segments.join('/'), null);
      return served;
    }
    const response = await (await serverFor(ctx.app)).serve(ctx, segments, false);
    if (response === null || (response.status >= 300 && response.status < 400 && response.status !== 304)) throw notFound(path);
    return response;
  }

  return {
    sendFile: send,
    async download(ctx, path, filename) {
      if (filename !== undefined && (typeof filename !== 'string' || filename === ''))
        throw new TypeError('download: filename must be a non-empty string');
      const response = await send(ctx, path);
      const name = filename ?? fileSegments(path).at(-1)!;
      const { create } = await import('content-disposition');
      response.headers.set('content-disposition', create(name));
      return response;
    },
  };
}
