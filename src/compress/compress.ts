import type { Middleware } from '../core/types';
import { appendVary } from '../security/mutable-response';
import { isStreamingType, readBounded } from '../cache/body';
import { availableEncodings, compressor, isCompressible, runtimeEncodesBodies } from './formats';
import { negotiateEncoding, type Encoding } from './negotiate';
import { checkOptions } from '../core/options';

/** Options of `compress()`. */
export interface CompressOptions {
  /** Smallest body compressed, in bytes (default 1024). */
  threshold?: number;
  /** Codings offered, in preference order (default br, gzip, deflate; br only where the runtime has it). */
  encodings?: Encoding[];
  /** Which media types to compress (default: text-like types). */
  filter?: (contentType: string | null) => boolean;
}

const NO_BODY = new Set([204, 206, 304]);

/** Every option of compress(), so a mistyped key fails at startup. */
const compressOptionsKeys: Record<keyof CompressOptions, true> = { threshold: true, encodings: true, filter: true };

/**
 * Compresses responses after negotiating Accept-Encoding: with CompressionStream (gzip, deflate; br where a runtime
 * offers it), or on Cloudflare Workers by setting Content-Encoding and letting the runtime encode (gzip, br).
 * Skips HEAD, bodies under `threshold`, bodies already encoded, `Cache-Control: no-transform`, types that do not
 * compress (images, archives) and streaming types (event streams must not be buffered by a compressor).
 * Adds `Vary: Accept-Encoding`, drops Content-Length, and weakens a strong ETag (the bytes changed).
 */
export function compress(options: CompressOptions = {}): Middleware {
  checkOptions('compress()', options, compressOptionsKeys);
  const threshold = options.threshold ?? 1024;
  if (!Number.isSafeInteger(threshold) || threshold < 0)
    throw new TypeError(`compress: threshold must be a whole number of bytes, got ${String(threshold)}`);
  const wanted = options.encodings ?? ['br', 'gzip', 'deflate'];
  for (const coding of wanted)
    if (coding !== 'br' && coding !== 'gzip' && coding !== 'deflate')
      throw new TypeError(`compress: unknown encoding "${String(coding)}" (br, gzip, deflate)`);
  let available: Encoding[] | null = null;
  const filter = options.filter ?? isCompressible;

  return async (ctx, next) => {
    const response = await next();
    const type = response.headers.get('content-type');
    if (ctx.method === 'HEAD' || response.body === null || NO_BODY.has(response.status) || response.status < 200) return response;
    if (response.headers.has('content-encoding') || /no-transform/i.test(response.headers.get('cache-control') ?? '')) return response;
    if (!filter(type) || isStreamingType(type)) return response;
    const length = response.headers.get('content-length');
    if (length !== null && Number(length) < threshold) return response;

    const headers = new Headers(response.headers);
    const init = { status: response.status, statusText: response.statusText, headers };
    let body: ReadableStream<Uint8Array> = response.body;
    if (length === null && threshold > 0) {
      const read = await readBounded(response.body, threshold - 1);
      if ('bytes' in read) return new Response(read.bytes, init);
      body = read.stream;
    }
    appendVary(headers, 'Accept-Encoding');
    available ??= wanted.filter((coding) => availableEncodings().has(coding));
    const coding = negotiateEncoding(ctx.header('accept-encoding'), available);
    if (coding === null) return new Response(body, init);
    headers.set('content-encoding', coding);
    headers.delete('content-length');
    const tag = headers.get('etag');
    if (tag !== null && !tag.startsWith('W/')) headers.set('etag', `W/${tag}`);
    return new Response(runtimeEncodesBodies() ? body : body.pipeThrough(compressor(coding)), init);
  };
}
