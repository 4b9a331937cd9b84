import type { Context } from '../core/context';

/** An uploaded file after checks and storage; what `ctx.file(name)`, `ctx.files()` and `onUpload` see. */
export interface UploadedFile {
  /** The form field it came in. */
  field: string;
  /** The client's file name, sanitised (no directories, control or bidi characters, reserved names); for display only, its extension is the client's. */
  name: string;
  /** The name it was stored under (`filename(file)` or `<uuid>-<name>`, sanitised), its extension one of `type`'s. */
  key: string;
  /** Bytes. */
  size: number;
  /** The media type found from the content (magic bytes; `text/plain` for UTF-8 text, else `application/octet-stream`). */
  type: string;
  /** The media type the client declared (not trusted). */
  declaredType: string;
  /** The storage kind it went to. */
  storage: string;
  /** Where it is: a file path for `local`, the object key for `r2` and `s3`. */
  location: string;
}

/** The plain fields of a multipart form: a name sent once maps to its value, a repeated name to its values in order. */
export type FormFields = Record<string, string | string[]>;

/** What `filename(file)` is given to choose the stored name. */
export type UploadCandidate = Omit<UploadedFile, 'key' | 'location'>;

/** How a stored object is to be served, for stores that keep HTTP metadata (R2, S3). */
export interface StoreMetadata {
  /** `attachment` for active content (allowed with `allowActiveContent`): a browser downloads it instead of running it. */
  contentDisposition?: string;
}

/** Somewhere to put uploaded bytes: local disk (`fw/node`), R2 (worker binding) or S3. */
export interface UploadStorage {
  /** A short name for `UploadedFile.storage`. */
  readonly kind: string;
  /** Stores the bytes under `key` and returns the location; `metadata` goes with the object where the store keeps it. */
  put(key: string, bytes: Uint8Array<ArrayBuffer>, contentType: string, ctx: Context, metadata?: StoreMetadata): Promise<string>;
}

/** The part of an R2 bucket binding uploads use. */
export interface R2BucketLike {
  put(
    key: string,
    value: Uint8Array | ArrayBuffer,
    options?: { httpMetadata?: { contentType?: string; contentDisposition?: string } },
  ): Promise<unknown>;
}

/** Options of `upload()` (spec 2.1 `UploadOptions`). */
export interface UploadOptions {
  /** `local` (files under `dir`, Node and Bun), `r2` (worker binding), `s3` (`@aws-sdk/client-s3`), or a storage of your own. */
  storage: 'local' | 'r2' | 's3' | UploadStorage;
  /** Base directory of `local` storage. */
  dir?: string;
  /** Largest file accepted, in bytes (default 10 MiB); enforced while the body streams (413). */
  maxSize?: number;
  /** Media types accepted, checked on the content (`image/*` wildcards allowed); default: any. */
  allowedMimeTypes?: string[];
  /**
   * Active content (HTML, XHTML, XML, SVG: files that run scripts in your origin when opened), found from the
   * content, is refused (415 `ACTIVE_CONTENT`) unless named here: `true` for all of them, or a list of
   * `text/html`, `application/xhtml+xml`, `application/xml`, `image/svg+xml`. Serve what it lets in with
   * `staticFiles(dir, { untrusted: true })` (R2 and S3 objects are stored with `Content-Disposition: attachment`).
   */
  allowActiveContent?: boolean | string[];
  /** Most files in one request (default 10; more is a 413). */
  maxFiles?: number;
  /** The stored name of a file (sanitised again, extension made to match the detected type); default `<uuid>-<sanitised name>`. */
  filename?: (file: UploadCandidate) => string;
  /** Called once per stored file. */
  onUpload?: (file: UploadedFile, ctx: Context) => void | Promise<void>;
  /** R2: the bucket binding's name on `ctx.env` (default `UPLOADS`), a bucket, or a function of the context. */
  bucket?: string | R2BucketLike | ((ctx: Context) => R2BucketLike);
  /** S3: bucket name and client settings (region, endpoint, credentials, forcePathStyle), for `storage: 's3'`. */
  s3?: S3Options;
}

/** Settings of S3 storage. */
export interface S3Options {
  bucket: string;
  /** Passed to `new S3Client(...)`: region, endpoint, credentials, forcePathStyle, ... */
  client?: Record<string, unknown>;
  /** Key prefix (default none). */
  prefix?: string;
}
