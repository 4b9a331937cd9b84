import { lazyLocalStorage } from './local-storage';
import { r2Storage } from './r2-storage';
import { s3Storage } from './s3-storage';
import type { UploadOptions, UploadStorage } from './types';
import { checkOptions } from '../core/options';

/** `upload()` options checked and filled with their defaults. */
export interface ResolvedUploadOptions {
  storage: UploadStorage;
  maxSize: number;
  maxFiles: number;
  allowedMimeTypes: string[] | null;
  /** The active types `allowActiveContent` lets in (empty: none). */
  activeAllowed: ReadonlySet<string>;
  filename: UploadOptions['filename'];
  onUpload: UploadOptions['onUpload'];
}

function fail(message: string): never {
  throw new TypeError(`upload: ${message}`);
}

/** The active types detectType can report: each runs scripts in the serving origin when opened. */
export const activeUploadTypes: readonly string[] = ['text/html', 'application/xhtml+xml', 'application/xml', 'image/svg+xml'];

function activeAllowed(option: UploadOptions['allowActiveContent']): ReadonlySet<string> {
  if (option === undefined || option === false) return new Set();
  if (option === true) return new Set(activeUploadTypes);
  const list = Array.isArray(option) ? option.map((t) => (typeof t === 'string' ? t.toLowerCase() : t)) : null;
  if (list === null || list.length === 0 || list.some((t) => !activeUploadTypes.includes(t as string)))
    fail(`allowActiveContent must be true, false or a non-empty list of ${activeUploadTypes.join(', ')}, got ${JSON.stringify(option)}`);
  return new Set(list as string[]);
}

/** Refuses an allowedMimeTypes list that names an active type allowActiveContent leaves out: it could never pass. */
function checkNamedActive(types: string[] | undefined, allowed: ReadonlySet<string>): void {
  const named = (types ?? []).map((t) => t.toLowerCase()).filter((t) => activeUploadTypes.includes(t) && !allowed.has(t));
  if (named.length === 0) return;
  fail(
    `allowedMimeTypes lists ${named.join(', ')}, active content that runs scripts in your origin when opened, so it is refused ` +
      `unless allowActiveContent names it: add allowActiveContent: ${JSON.stringify(named)} and serve the uploads with ` +
      'staticFiles(dir, { untrusted: true }) (or from another origin)',
  );
}

function storageOf(options: UploadOptions): UploadStorage {
  const storage = options.storage;
  if (storage === 'local') {
    if (typeof options.dir !== 'string' || options.dir === '') fail('storage "local" needs dir');
    return lazyLocalStorage(options.dir);
  }
  if (storage === 'r2') return r2Storage(options.bucket);
  if (storage === 's3') return s3Storage(options.s3!);
  if (storage && typeof storage === 'object' && typeof storage.put === 'function') return storage;
  return fail(`storage must be "local", "r2", "s3" or an UploadStorage, got ${JSON.stringify(storage)}`);
}

/** Every option of upload(), so a mistyped key fails at startup. */
const uploadOptionsKeys: Record<keyof UploadOptions, true> = {
  storage: true,
  dir: true,
  maxSize: true,
  allowedMimeTypes: true,
  allowActiveContent: true,
  maxFiles: true,
  filename: true,
  onUpload: true,
  bucket: true,
  s3: true,
};

/** Checks `upload()` options, throwing a TypeError that names the bad field. */
export function resolveUploadOptions(options: UploadOptions): ResolvedUploadOptions {
  if (!options || typeof options !== 'object') fail('options with a storage are required');
  checkOptions('upload()', options, uploadOptionsKeys);
  const maxSize = options.maxSize ?? 10 * 1024 * 1024;
  if (!Number.isSafeInteger(maxSize) || maxSize <= 0)
    fail(`maxSize must be a positive whole number of bytes, got ${String(options.maxSize)}`);
  const maxFiles = options.maxFiles ?? 10;
  if (!Number.isSafeInteger(maxFiles) || maxFiles <= 0) fail(`maxFiles must be a positive whole number, got ${String(options.maxFiles)}`);
  const types = options.allowedMimeTypes;
  if (
    types !== undefined &&
    (!Array.isArray(types) || types.length === 0 || types.some((t) => typeof t !== 'string' || !t.includes('/')))
  ) {
    fail('allowedMimeTypes must be a non-empty list of media types such as image/png or image/*');
  }
  const active = activeAllowed(options.allowActiveContent);
  checkNamedActive(types, active);
  if (options.filename !== undefined && typeof options.filename !== 'function') fail('filename must be a function');
  if (options.onUpload !== undefined && typeof options.onUpload !== 'function') fail('onUpload must be a function');
  return {
    storage: storageOf(options),
    maxSize,
    maxFiles,
    allowedMimeTypes: types ? types.map((t) => t.toLowerCase()) : null,
    activeAllowed: active,
    filename: options.filename,
    onUpload: options.onUpload,
  };
}
