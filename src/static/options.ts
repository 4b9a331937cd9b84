import type { FileCacheLimits } from './file-cache';
import { safeSegments } from './safe-path';
import type { FileStat, PrecompressedEncoding, StaticOptions } from './types';
import { checkOptions } from '../core/options';

/** `staticFiles` options checked and filled with their defaults. */
export interface ResolvedStaticOptions {
  prefix: string;
  index: string | null;
  cacheControl: string;
  etag: boolean;
  contentETag: boolean;
  listing: boolean;
  allowedExtensions: Set<string> | null;
  cache: FileCacheLimits | null;
  preload: string[] | null;
  cacheTtlMs: number | null;
  dotfiles: boolean;
  untrusted: boolean;
  precompressed: PrecompressedEncoding[];
  setHeaders: ((headers: Headers, path: string, stat: FileStat | null) => void) | null;
}

const encodings: PrecompressedEncoding[] = ['br', 'zstd', 'gzip'];

function precompressedList(value: StaticOptions['precompressed']): PrecompressedEncoding[] {
  if (value === undefined || value === false) return [];
  if (value === true) return [...encodings];
  if (!Array.isArray(value) || value.length === 0 || value.some((e) => !encodings.includes(e)) || new Set(value).size !== value.length)
    fail(`precompressed must be true, false or a list of distinct "br", "zstd", "gzip", got ${JSON.stringify(value)}`);
  return [...value];
}

function fail(message: string): never {
  throw new TypeError(`staticFiles: ${message}`);
}

function count(name: string, value: number | undefined, fallback: number): number {
  const n = value ?? fallback;
  if (!Number.isSafeInteger(n) || n < 0) fail(`${name} must be a whole number >= 0, got ${String(value)}`);
  return n;
}

function preloadPaths(value: StaticOptions['preload']): string[] | null {
  if (value === undefined || value === false) return null;
  if (value === true) return [''];
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || list.some((p) => typeof p !== 'string')) fail('preload must be a boolean, a path or a list of paths');
  return list.map((p) => {
    try {
      return safeSegments(p).segments.join('/');
    } catch {
      return fail(`preload path ${JSON.stringify(p)} leaves the root`);
    }
  });
}

/** Whether a prefix is `/a/b`: redirects start with it, so it must never read as a host (`//x`, `/\x`) or a dot segment. */
function plainPrefix(prefix: string): boolean {
  const [head, ...segments] = prefix.split('/');
  return head === '' && segments.every((s) => s !== '' && s !== '.' && s !== '..' && !/[\\?#]/.test(s));
}

/** Every option of staticFiles(), so a mistyped key fails at startup. */
const staticOptionsKeys: Record<keyof StaticOptions, true> = {
  prefix: true,
  index: true,
  maxAge: true,
  etag: true,
  etagStrategy: true,
  listing: true,
  allowedExtensions: true,
  cacheSmallFiles: true,
  cacheMaxFileSize: true,
  cacheMaxEntries: true,
  cacheMaxBytes: true,
  preload: true,
  cacheTtl: true,
  dotfiles: true,
  untrusted: true,
  source: true,
  precompressed: true,
  setHeaders: true,
};

/** Checks `staticFiles` options, throwing a TypeError that names the bad field. */
export function resolveStaticOptions(root: string, options: StaticOptions): ResolvedStaticOptions {
  checkOptions('staticFiles()', options, staticOptionsKeys);
  if (typeof root !== 'string' || root.length === 0) fail('root must be a non-empty path');
  if (options.prefix !== undefined && typeof options.prefix !== 'string') fail(`prefix must be a string, got ${String(options.prefix)}`);
  const prefix = (options.prefix ?? '').replace(/\/+$/, '');
  if (prefix !== '' && !plainPrefix(prefix))
    fail(
      `prefix must be a path such as /assets (one leading /, no empty, . or .. segments, no \\ ? #), got ${JSON.stringify(options.prefix)}`,
    );
  const index = options.index === false ? null : (options.index ?? 'index.html');
  if (index !== null && (typeof index !== 'string' || index.length === 0 || index.includes('/'))) fail('index must be a file name');
  const maxAge = count('maxAge', options.maxAge, 0);
  if (options.etagStrategy !== undefined && options.etagStrategy !== 'mtime' && options.etagStrategy !== 'bun')
    fail(`etagStrategy must be "mtime" or "bun", got ${JSON.stringify(options.etagStrategy)}`);
  const extensions = options.allowedExtensions;
  if (extensions !== undefined && (!Array.isArray(extensions) || extensions.some((e) => typeof e !== 'string' || e.length === 0)))
    fail('allowedExtensions must be a list of extensions');
  const preload = preloadPaths(options.preload);
  const limits = {
    maxFileSize: count('cacheMaxFileSize', options.cacheMaxFileSize, 128 * 1024),
    maxEntries: count('cacheMaxEntries', options.cacheMaxEntries, 512),
    maxBytes: count('cacheMaxBytes', options.cacheMaxBytes, 16 * 1024 * 1024),
  };
  const ttl = options.cacheTtl;
  if (ttl !== undefined && (typeof ttl !== 'number' || !Number.isFinite(ttl) || ttl < 0))
    fail(`cacheTtl must be a number of seconds >= 0, got ${String(ttl)}`);
  if (options.untrusted !== undefined && typeof options.untrusted !== 'boolean')
    fail(`untrusted must be a boolean, got ${String(options.untrusted)}`);
  if (options.setHeaders !== undefined && typeof options.setHeaders !== 'function')
    fail(`setHeaders must be a function (headers, path, stat) => void, got ${typeof options.setHeaders}`);
  return {
    prefix,
    index,
    cacheControl: `public, max-age=${maxAge}`,
    etag: options.etag ?? true,
    contentETag: options.etagStrategy === 'bun',
    listing: options.listing ?? false,
    allowedExtensions: extensions ? new Set(extensions.map((e) => (e.startsWith('.') ? e : `.${e}`).toLowerCase())) : null,
    cache: (options.cacheSmallFiles ?? true) || preload !== null ? limits : null,
    preload,
    cacheTtlMs: ttl === undefined ? null : ttl * 1000,
    dotfiles: options.dotfiles ?? false,
    untrusted: options.untrusted ?? false,
    precompressed: precompressedList(options.precompressed),
    setHeaders: options.setHeaders ?? null,
  };
}
