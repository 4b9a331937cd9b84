import { HttpError } from '../core/errors';
import type { Context } from '../core/context';
import type { Middleware } from '../core/types';
import { assetsBinding, fetchAsset, servedAsset } from './assets';
import { contentETag, mtimeETag } from './etag';
import { FileCache, type CachedFile } from './file-cache';
import { renderListing } from './listing';
import { contentTypeFor } from './mime';
import { nosniffHeaders, withNosniff } from './nosniff';
import { sandboxActive } from './active-content';
import { resolveStaticOptions, type ResolvedStaticOptions } from './options';
import { platformSource } from './platform-source';
import { pickVariant } from './precompressed';
import { respondWithFile } from './respond';
import { safeSegments, segmentsToUrlPath } from './safe-path';
import type { FileSource, FileStat, StaticOptions } from './types';

function join(dir: string, name: string): string {
  return dir === '' ? name : `${dir}/${name}`;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot).toLowerCase();
}

const maxVerified = 4096;

/**
 * Whether two stats are of the same unchanged file (identity, size, modification time): a file whose real path was
 * checked once is then served after a single stat, without resolving symlinks again.
 */
function sameFile(a: FileStat, b: FileStat): boolean {
  return a.id !== undefined && a.id === b.id && a.size === b.size && a.mtimeMs === b.mtimeMs;
}

function insideRoot(real: string): boolean {
  return real !== '..' && !real.startsWith('../') && !real.startsWith('/');
}

/**
 * The 301 from a directory URL without its trailing slash (`<prefix>` itself included) to the URL with it, query
 * kept, so relative links in its index resolve under it. The Location is rebuilt from the checked segments.
 */
function directoryRedirect(ctx: Context, prefix: string, segments: string[]): Response {
  return withNosniff(ctx.redirect(`${segmentsToUrlPath(prefix, segments, true)}${ctx.search ? `?${ctx.search}` : ''}`, 301));
}

/** Serves the files of one root: resolution, the small-file cache, preloading, listings, precompressed variants. */
export class StaticServer {
  private readonly cache: FileCache | null;
  /** Files whose real path was found inside root, by URL path: while the same file (inode, size, mtime) is there, one stat serves it. */
  private readonly verified = new Map<string, FileStat>();
  private preloading: Promise<void> | null = null;

  constructor(
    private readonly source: FileSource,
    private readonly options: ResolvedStaticOptions,
  ) {
    this.cache = options.cache === null ? null : new FileCache(options.cache);
  }

  /** The response for a checked path, or null when there is nothing to serve (the request goes on). */
  async serve(ctx: Context, segments: string[], trailingSlash: boolean): Promise<Response | null> {
    if (this.options.preload !== null) await (this.preloading ??= this.preload(this.options.preload));
    if (segments.length === 0 && !trailingSlash && this.options.prefix !== '')
      return (await this.rootServes()) ? directoryRedirect(ctx, this.options.prefix, segments) : null;
    const rel = segments.join('/');
    const trusted =
      this.trusted(rel) ??
      (this.options.index !== null && (trailingSlash || rel === '') ? this.trusted(join(rel, this.options.index)) : null);
    if (trusted !== null) return this.respond(ctx, trusted.path, trusted.entry.stat, trusted.entry);

    const known = this.verified.get(rel);
    if (known !== undefined) {
      const current = await this.source.stat(rel);
      if (current !== null && sameFile(known, current)) return this.respond(ctx, rel, current, null);
      this.verified.delete(rel);
    }
    const [real, stat] = await Promise.all([this.source.realpath(rel), this.source.stat(rel)]);
    if (real === null) return null;
    if (!insideRoot(real)) throw new HttpError(403, 'Path leaves the static root', { code: 'FORBIDDEN_PATH', headers: nosniffHeaders });
    if (stat === null) return null;
    if (stat.isFile) {
      if (!this.allowed(real)) return null;
      if (real === rel && stat.id !== undefined) this.remember(rel, stat);
      return this.respond(ctx, real, stat, null);
    }
    if (!stat.isDirectory) return null;
    const prefix = this.options.prefix;
    if (!trailingSlash && rel !== '') return directoryRedirect(ctx, prefix, segments);
    if (this.options.index !== null) {
      const indexReal = await this.source.realpath(join(real, this.options.index));
      const indexStat = indexReal !== null && insideRoot(indexReal) ? await this.source.stat(indexReal) : null;
      if (indexStat?.isFile && this.allowed(indexReal!)) return this.respond(ctx, indexReal!, indexStat, null);
    }
    if (!this.options.listing) return null;
    const entries = (await this.source.list(real)).filter((e) => this.options.dotfiles || !e.name.startsWith('.'));
    return withNosniff(ctx.html(renderListing(`${prefix}/${segments.map((s) => `${s}/`).join('')}`, entries)));
  }

  /** Whether the root directory has something to serve (an index file or a listing), so `GET <prefix>` redirects. */
  private async rootServes(): Promise<boolean> {
    if (this.options.listing) return true;
    const index = this.options.index;
    if (index === null) return false;
    if (this.trusted(index) !== null) return true;
    const real = await this.source.realpath(index);
    const stat = real !== null && insideRoot(real) ? await this.source.stat(real) : null;
    return stat?.isFile === true && this.allowed(real!);
  }

  /** Remembers a file whose real path was checked (bounded; the oldest is forgotten first). */
  private remember(path: string, stat: FileStat): void {
    if (this.verified.size >= maxVerified) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(path, stat);
  }

  private allowed(path: string): boolean {
    return this.options.allowedExtensions === null || this.options.allowedExtensions.has(extensionOf(path));
  }

  private trusted(path: string): { path: string; entry: CachedFile } | null {
    const entry = this.cache?.get(path);
    return entry !== undefined && entry.trustedUntil > Date.now() ? { path, entry } : null;
  }

  /**
   * The answer for a file: its precompressed variant when enabled and the client accepts one (Content-Encoding set,
   * the original's Content-Type kept), `Vary: Accept-Encoding` whenever variants are enabled, then `setHeaders`.
   */
  private async respond(ctx: Context, path: string, stat: FileStat, known: CachedFile | null): Promise<Response> {
    const precompressed = this.options.precompressed;
    const variant = precompressed.length === 0 ? null : await pickVariant(this.source, path, ctx.header('accept-encoding'), precompressed);
    const served = variant === null ? { path, stat } : variant;
    const entry = variant === null ? (known ?? (await this.cached(path, stat))) : await this.cached(variant.path, variant.stat);
    const etag = !this.options.etag ? null : entry !== null ? entry.etag : mtimeETag(served.stat);
    const contentType = contentTypeFor(path);
    const response = await respondWithFile(ctx.request, {
      stat: served.stat,
      etag,
      contentType,
      cacheControl: this.options.cacheControl,
      bytes: entry?.bytes ?? null,
      read: (start, end) => this.source.read(served.path, start, end),
    });
    if (precompressed.length > 0) response.headers.append('vary', 'accept-encoding');
    if (variant !== null && response.status !== 416) response.headers.set('content-encoding', variant.encoding);
    if (this.options.untrusted) sandboxActive(response.headers, contentType);
    this.options.setHeaders?.(response.headers, path, stat);
    return response;
  }

  /** The in-memory copy of a small file, refreshed when its size or modification time changed. */
  private async cached(path: string, stat: FileStat, trustedFor = this.options.cacheTtlMs ?? 0): Promise<CachedFile | null> {
    if (this.cache === null || !this.cache.fits(stat.size)) return null;
    const current = this.cache.get(path);
    if (current !== undefined && current.stat.size === stat.size && current.stat.mtimeMs === stat.mtimeMs) {
      current.trustedUntil = Math.max(current.trustedUntil, Date.now() + trustedFor);
      return current;
    }
    const bytes = await this.source.readAll(path);
    const entry: CachedFile = {
      bytes,
      stat,
      etag: this.options.contentETag ? await contentETag(bytes) : mtimeETag(stat),
      trustedUntil: Date.now() + trustedFor,
    };
    this.cache.set(path, entry);
    return entry;
  }

  /** Loads files under the given paths into the cache, trusted (served without disk checks) for `cacheTtl` or for good. */
  private async preload(paths: string[]): Promise<void> {
    const trustedFor = this.options.cacheTtlMs ?? Infinity;
    const visit = async (path: string): Promise<void> => {
      const real = await this.source.realpath(path);
      if (real === null || !insideRoot(real)) return;
      const stat = await this.source.stat(real);
      if (stat?.isFile && this.allowed(real)) await this.cached(real, stat, trustedFor);
      else if (stat?.isDirectory) {
        for (const entry of await this.source.list(real))
          if (this.options.dotfiles || !entry.name.startsWith('.')) await visit(join(real, entry.name));
      }
    };
    for (const path of paths) await visit(path);
  }
}

/**
 * Static files under `root` (spec 2.1 `StaticOptions`), as middleware: GET and HEAD under `prefix` are answered
 * from the files when one matches, everything else goes on to the routes. Traversal (`..`, `%2e%2e`, encoded
 * slashes, NUL) is a 403, malformed encoding a 400, a symlink out of root a 403, dotfiles not found.
 * On Node and Bun files come from the file system; on workers from the static-assets binding `env.ASSETS`.
 */
export function staticFiles(root: string, options: StaticOptions = {}): Middleware {
  const resolved = resolveStaticOptions(root, options);
  const serverFor = lazyStaticServer(root, options.source, resolved);

  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const prefix = resolved.prefix;
    if (prefix !== '' && ctx.path !== prefix && !ctx.path.startsWith(`${prefix}/`)) return next();
    const { segments, trailingSlash } = safeSegments(ctx.path.slice(prefix.length));
    if (!resolved.dotfiles && segments.some((s) => s.startsWith('.'))) return next();

    const assets = options.source ? null : assetsBinding(ctx.env);
    if (assets !== null) {
      const last = segments[segments.length - 1];
      if (resolved.allowedExtensions !== null && !trailingSlash && last !== undefined && !resolved.allowedExtensions.has(extensionOf(last)))
        return next();
      const atRoot = segments.length === 0 && !trailingSlash && prefix !== '';
      const response = await fetchAsset(assets, ctx.request, segments, trailingSlash || atRoot);
      if (response.status === 404) return next();
      if (atRoot) {
        await response.body?.cancel();
        return directoryRedirect(ctx, prefix, segments);
      }
      const served = servedAsset(response, resolved);
      if (served.status < 400 && served.status !== 301 && served.status !== 302 && served.status !== 307 && served.status !== 308)
        resolved.setHeaders?.(served.headers, segments.join('/'), null);
      return served;
    }

    const response = await (await serverFor(ctx.app)).serve(ctx, segments, trailingSlash);
    return response ?? next();
  };
}

/**
 * The StaticServer of a root, made on first use: over `source` when the options gave one, else over the platform's
 * file source of the app; a failed lookup is tried again on the next request instead of being kept.
 */
export function lazyStaticServer(
  root: string,
  source: FileSource | undefined,
  resolved: ResolvedStaticOptions,
): (app: Context['app']) => Promise<StaticServer> {
  let server: Promise<StaticServer> | null = source ? Promise.resolve(new StaticServer(source, resolved)) : null;
  return (app) =>
    (server ??= platformSource(app, root).then(
      (found) => new StaticServer(found, resolved),
      (error: unknown) => {
        server = null;
        throw error;
      },
    ));
}
