import { platform, type PlatformHolder } from '../core/platform';
import type { S3Options, UploadStorage } from './types';

interface S3Module {
  S3Client: new (config: Record<string, unknown>) => { send(command: unknown): Promise<unknown> };
  PutObjectCommand: new (input: Record<string, unknown>) => unknown;
}

const NO_IMPORTS =
  'upload: storage "s3" imports @aws-sdk/client-s3 at run time, which this platform cannot; on workers use "r2" or pass your own UploadStorage as storage';

/** Uploads into an S3 bucket (or any S3-compatible store) through `@aws-sdk/client-s3`, imported on first upload. */
export function s3Storage(options: S3Options): UploadStorage {
  if (!options || typeof options.bucket !== 'string' || options.bucket === '') throw new TypeError('upload: s3 storage needs s3.bucket');
  let client: Promise<{ send(command: unknown): Promise<unknown>; PutObjectCommand: S3Module['PutObjectCommand'] }> | null = null;
  const open = async (app: PlatformHolder) => {
    let importModule: (specifier: string) => Promise<unknown>;
    try {
      importModule = await platform(app, 'importModule', NO_IMPORTS);
    } catch (error) {
      client = null;
      throw error;
    }
    let mod: S3Module;
    try {
      mod = (await importModule('@aws-sdk/client-s3')) as S3Module;
    } catch (cause) {
      client = null;
      throw new Error('upload: storage "s3" needs the @aws-sdk/client-s3 package (npm install @aws-sdk/client-s3)', { cause });
    }
    const s3 = new mod.S3Client(options.client ?? {});
    return { send: (command: unknown) => s3.send(command), PutObjectCommand: mod.PutObjectCommand };
  };
  return {
    kind: 's3',
    async put(key, bytes, contentType, ctx, metadata) {
      const s3 = await (client ??= open(ctx.app));
      const Key = `${options.prefix ?? ''}${key}`;
      const input = { Bucket: options.bucket, Key, Body: bytes, ContentType: contentType, ContentLength: bytes.byteLength };
      const disposition = metadata?.contentDisposition;
      await s3.send(new s3.PutObjectCommand(disposition ? { ...input, ContentDisposition: disposition } : input));
      return Key;
    },
  };
}
