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
  filename: UploadOptions['filename'];
  onUpload: UploadOptions['onUpload'];
}

function fail(message: string): never {
  throw new TypeError(`upload: ${message}`);
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
  if (options.filename !== undefined && typeof options.filename !== 'function') fail('filename must be a function');
  if (options.onUpload !== undefined && typeof options.onUpload !== 'function') fail('onUpload must be a function');
  return {
    storage: storageOf(options),
    maxSize,
    maxFiles,
    allowedMimeTypes: types ? types.map((t) => t.toLowerCase()) : null,
    filename: options.filename,
    onUpload: options.onUpload,
  };
}
