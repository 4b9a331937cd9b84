import type { Context } from '../core/context';
import type { R2BucketLike, UploadStorage } from './types';

function isBucket(value: unknown): value is R2BucketLike {
  return value !== null && typeof value === 'object' && typeof (value as R2BucketLike).put === 'function';
}

/** Uploads into a workers R2 bucket: the binding named `bucket` on `ctx.env` (default `UPLOADS`), a bucket, or a function of the context. */
export function r2Storage(bucket: string | R2BucketLike | ((ctx: Context) => R2BucketLike) = 'UPLOADS'): UploadStorage {
  const pick = (ctx: Context): R2BucketLike => {
    const found =
      typeof bucket === 'function'
        ? bucket(ctx)
        : typeof bucket === 'string'
          ? (ctx.env as Record<string, unknown> | undefined)?.[bucket]
          : bucket;
    if (!isBucket(found)) throw new Error(`upload: no R2 bucket${typeof bucket === 'string' ? ` bound as env.${bucket}` : ''}`);
    return found;
  };
  return {
    kind: 'r2',
    async put(key, bytes, contentType, ctx, metadata) {
      const disposition = metadata?.contentDisposition;
      await pick(ctx).put(key, bytes, { httpMetadata: disposition ? { contentType, contentDisposition: disposition } : { contentType } });
      return key;
    },
  };
}
