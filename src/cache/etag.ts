import type { Middleware } from '../core/types';
import { digestHex, isStreamingType, readBounded } from './body';
import { checkOptions } from '../core/options';

/** Options of `etag()`. */
export interface ETagOptions {
  /** Send weak validators (`W/"..."`) instead of strong ones (default false). */
  weak?: boolean;
  /** Largest body hashed, in bytes (default 1 MiB); larger bodies pass through untouched, without an ETag. */
  maxBytes?: number;
}

/** Headers a 304 keeps (RFC 9110 15.4.5); the body and its description go. */
const KEPT_ON_304 = ['cache-control', 'content-location', 'date', 'etag', 'expires', 'vary', 'last-modified', 'set-cookie'];

/** Splits an If-None-Match value into opaque tags with the weak prefix removed (weak comparison). */
function tagsOf(header: string): string[] {
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .filter(Boolean);
}

/** Whether If-None-Match matches an ETag (weak comparison, `*` matches any). */
export function noneMatch(ifNoneMatch: string, etagValue: string): boolean {
  const tags = tagsOf(ifNoneMatch);
  return tags.includes('*') || tags.includes(etagValue.replace(/^W\//, ''));
}

/** The 304 answer for a response whose validator matched. */
export function notModified(response: Response): Response {
  const headers = new Headers();
  for (const name of KEPT_ON_304) {
    if (name === 'set-cookie') for (const c of response.headers.getSetCookie()) headers.append(name, c);
    else {
      const value = response.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
  }
  return new Response(null, { status: 304, headers });
}

/** Every option of etag(), so a mistyped key fails at startup. */
const eTagOptionsKeys: Record<keyof ETagOptions, true> = { weak: true, maxBytes: true };

/**
 * ETag middleware: hashes 200 responses to GET and HEAD (SHA-1 of the bytes), sends the ETag, and answers 304
 * when If-None-Match matches. An ETag the handler set is kept and compared as is. Streaming bodies (event
 * streams, NDJSON) and bodies over `maxBytes` are left alone.
 */
export function etag(options: ETagOptions = {}): Middleware {
  checkOptions('etag()', options, eTagOptionsKeys);
  const maxBytes = options.maxBytes ?? 1024 * 1024;
  if (!Number.isSafeInteger(maxBytes) || maxBytes <= 0)
    throw new TypeError(`etag: maxBytes must be a positive integer, got ${String(maxBytes)}`);
  const prefix = options.weak ? 'W/' : '';
  return async (ctx, next) => {
    const response = await next();
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || response.status !== 200) return response;
    const ifNoneMatch = ctx.header('if-none-match');
    const existing = response.headers.get('etag');
    if (existing !== null) return ifNoneMatch !== null && noneMatch(ifNoneMatch, existing) ? notModified(response) : response;
    if (
      response.body === null ||
      isStreamingType(response.headers.get('content-type')) ||
      /no-store/i.test(response.headers.get('cache-control') ?? '')
    )
      return response;
    const read = await readBounded(response.body, maxBytes);
    const init = { status: response.status, statusText: response.statusText, headers: new Headers(response.headers) };
    if ('stream' in read) return new Response(read.stream, init);
    const tag = `${prefix}"${(await digestHex('SHA-1', read.bytes)).slice(0, 27)}"`;
    init.headers.set('etag', tag);
    const out = new Response(read.bytes, init);
    return ifNoneMatch !== null && noneMatch(ifNoneMatch, tag) ? notModified(out) : out;
  };
}
