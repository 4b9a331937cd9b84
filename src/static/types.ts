/** What a file source reports about one path. */
export interface FileStat {
  size: number;
  mtimeMs: number;
  isFile: boolean;
  isDirectory: boolean;
  /** The file's identity (device and inode), when the platform has one: a cached copy of the same file skips the symlink check. */
  id?: string;
}

/** One entry of a directory listing. */
export interface DirEntry {
  name: string;
  isDirectory: boolean;
}

/**
 * The files `staticFiles` serves, as the platform provides them (Node and Bun: `nodeFileSource` in `fw/node`).
 * Paths are relative to the root, `/`-separated, already checked: no `..`, no empty or dot segments.
 */
export interface FileSource {
  /** The path with symlinks resolved, relative to the (resolved) root; null when it does not exist or leads outside the root. */
  realpath(path: string): Promise<string | null>;
  /** Size, modification time and kind, or null when absent. */
  stat(path: string): Promise<FileStat | null>;
  /** The bytes from `start` to `end` inclusive (the whole file when omitted), as a stream. */
  read(path: string, start?: number, end?: number): ReadableStream<Uint8Array>;
  /** The whole file in memory (small files, the cache and content ETags). */
  readAll(path: string): Promise<Uint8Array<ArrayBuffer>>;
  /** The entries of a directory. */
  list(path: string): Promise<DirEntry[]>;
}

/** Options of `staticFiles(root, options)` (spec 2.1 `StaticOptions`). */
export interface StaticOptions {
  /** URL path prefix the files are served under (default: none, the site root). */
  prefix?: string;
  /** File served for a directory (default `index.html`; `false` for none). */
  index?: string | false;
  /** `Cache-Control: public, max-age=<maxAge>` in seconds (default 0). */
  maxAge?: number;
  /** Send `ETag` and answer `If-None-Match` with 304 (default true). */
  etag?: boolean;
  /** `mtime` (weak, from size and modification time; default) or `bun` (strong, from the content: see README). */
  etagStrategy?: 'mtime' | 'bun';
  /** An HTML listing for directories without an index (default false). */
  listing?: boolean;
  /** Only files with these extensions (`.css` or `css`) are served; others are not found. */
  allowedExtensions?: string[];
  /** Keep small files in memory (default true). */
  cacheSmallFiles?: boolean;
  /** Largest file kept in memory, bytes (default 128 KiB). */
  cacheMaxFileSize?: number;
  /** Most files kept in memory (default 512). */
  cacheMaxEntries?: number;
  /** Most bytes kept in memory (default 16 MiB). */
  cacheMaxBytes?: number;
  /** Load files into memory on first use and serve them without touching the disk: `true` for all, or paths/directories under root. */
  preload?: boolean | string | string[];
  /** Seconds a cached file is served without checking the disk (default: checked every request, bytes reused while unchanged). */
  cacheTtl?: number;
  /** Serve names starting with a dot (default false: `.env`, `.git/` are not found). */
  dotfiles?: boolean;
  /**
   * The files come from users (an uploads directory): HTML, XML, SVG, XHTML and JavaScript files are served with
   * `Content-Security-Policy: sandbox`, `Content-Disposition: attachment` and nosniff, so none runs in the app's
   * origin (default false).
   */
  untrusted?: boolean;
  /** Where files come from (default: the platform's file system for `root`, or `env.ASSETS` on workers). */
  source?: FileSource;
  /**
   * Serve `<file>.br`, `<file>.zst` or `<file>.gz` beside a file when Accept-Encoding allows it (`true`: all three,
   * or the encodings in the server's order of preference); answers carry `Vary: Accept-Encoding` (default false).
   */
  precompressed?: boolean | PrecompressedEncoding[];
  /** Sets headers of each file answer (200, 206, 304): the headers, the file's path under root, and its stat (null on workers). */
  setHeaders?: (headers: Headers, path: string, stat: FileStat | null) => void;
}

/** A content coding a precompressed file beside the original can have. */
export type PrecompressedEncoding = 'br' | 'zstd' | 'gzip';
