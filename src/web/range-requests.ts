import { HttpError } from '../core/errors';
import type { Middleware } from '../core/types';
import { mutableResponse } from '../security/mutable-response';
import { isStreamingType, readBounded } from '../cache/body';
import { contentRange, multipartByteRanges, newBoundary } from './byte-ranges';
import { clampSuffixRanges } from '../static/ranges';

/** Options of `rangeRequests()`. */
export interface RangeRequestsOptions {
  /** Largest body served in ranges, in bytes (default 16 MiB); larger bodies are sent whole. */
  maxBytes?: number;
  /** Most ranges in one request after merging overlaps (default 10); more are answered with the whole body. */
  maxRanges?: number;
}

/** Whether If-Range allows a partial answer: a strong ETag equal to the response's, or its exact Last-Modified date. */
function ifRangeHolds(ifRange: string | null, response: Response): boolean {
  if (ifRange === null) return true;
  const value = ifRange.trim();
  if (value.startsWith('"')) return response.headers.get('etag') === value;
  if (value.startsWith('W/')) return false;
  return response.headers.get('last-modified') === value;
}

/**
 * Answers `Range: bytes=...` on 200 GET responses: one range as 206 with Content-Range, several as a 206
 * `multipart/byteranges`, none satisfiable as 416 with a Content-Range naming the size. A malformed header or another
 * unit is ignored (the whole body, as RFC 9110 allows); If-Range is honoured. Streaming bodies are left alone.
 * `range-parser` is loaded by the first request that has a Range header.
 */
export function rangeRequests(options: RangeRequestsOptions = {}): Middleware {
  const maxBytes = options.maxBytes ?? 16 * 1024 * 1024;
  const maxRanges = options.maxRanges ?? 10;
  if (!Number.isSafeInteger(maxBytes) || maxBytes <= 0)
    throw new TypeError(`rangeRequests: maxBytes must be a positive integer, got ${String(maxBytes)}`);
  if (!Number.isSafeInteger(maxRanges) || maxRanges <= 0)
    throw new TypeError(`rangeRequests: maxRanges must be a positive integer, got ${String(maxRanges)}`);

  return async (ctx, next) => {
    const response = await next();
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || response.status !== 200 || response.headers.has('content-range'))
      return response;
    if (isStreamingType(response.headers.get('content-type')) || response.headers.get('accept-ranges') === 'none') return response;
    const range = ctx.method === 'GET' ? ctx.header('range') : null;
    if (range === null || response.body === null || !ifRangeHolds(ctx.header('if-range'), response)) {
      const out = mutableResponse(response);
      out.headers.set('accept-ranges', 'bytes');
      return out;
    }
    const read = await readBounded(response.body, maxBytes);
    const headers = new Headers(response.headers);
    if ('stream' in read) return new Response(read.stream, { status: 200, headers });
    headers.set('accept-ranges', 'bytes');
    const size = read.bytes.byteLength;
    const { default: parseRange } = await import('range-parser');
    const ranges = parseRange(size, clampSuffixRanges(range, size), { combine: true });
    if (ranges === -1) {
      throw new HttpError(416, `Range ${range.slice(0, 100)} cannot be satisfied: the body has ${size} bytes`, {
        code: 'RANGE_NOT_SATISFIABLE',
        headers: { 'content-range': `bytes */${size}` },
      });
    }
    if (ranges === -2 || ranges.type !== 'bytes' || ranges.length > maxRanges) return new Response(read.bytes, { status: 200, headers });
    if (ranges.length === 1) {
      const [only] = ranges;
      headers.set('content-range', contentRange(only, size));
      headers.set('content-length', String(only.end - only.start + 1));
      return new Response(read.bytes.slice(only.start, only.end + 1), { status: 206, headers });
    }
    const boundary = newBoundary();
    const body = multipartByteRanges(read.bytes, ranges, response.headers.get('content-type'), boundary);
    headers.set('content-type', `multipart/byteranges; boundary=${boundary}`);
    headers.set('content-length', String(body.byteLength));
    return new Response(body, { status: 206, headers });
  };
}
