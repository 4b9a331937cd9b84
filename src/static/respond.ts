import { etagMatches } from './etag';
import { nosniffHeaders } from './nosniff';
import { multipartRanges, newBoundary, planRanges } from './ranges';
import type { FileStat } from './types';

/** A file ready to answer for: its metadata, and its bytes when in memory, else a ranged reader. */
export interface ServableFile {
  stat: FileStat;
  etag: string | null;
  contentType: string;
  cacheControl: string;
  bytes: Uint8Array<ArrayBuffer> | null;
  read(start: number, end: number): ReadableStream<Uint8Array>;
}

function body(file: ServableFile, start: number, end: number): BodyInit {
  return file.bytes !== null ? file.bytes.subarray(start, end + 1) : file.read(start, end);
}

function notModified(request: Request, file: ServableFile): boolean {
  const ifNoneMatch = request.headers.get('if-none-match');
  if (ifNoneMatch !== null) return file.etag !== null && etagMatches(ifNoneMatch, file.etag);
  const since = Date.parse(request.headers.get('if-modified-since') ?? '');
  return !Number.isNaN(since) && Math.floor(file.stat.mtimeMs / 1000) * 1000 <= since;
}

function rangeApplies(request: Request, file: ServableFile, lastModified: string): boolean {
  const ifRange = request.headers.get('if-range');
  if (ifRange === null) return true;
  return ifRange.startsWith('"') || ifRange.startsWith('W/')
    ? file.etag !== null && !file.etag.startsWith('W/') && ifRange === file.etag
    : ifRange === lastModified;
}

/**
 * The response for a file: 304 on a matching If-None-Match (or If-Modified-Since), 206 for satisfiable ranges
 * (one range, or `multipart/byteranges` for several), 416 for unsatisfiable ones, else 200. HEAD gets the headers
 * only. Every answer carries `X-Content-Type-Options: nosniff`.
 */
export async function respondWithFile(request: Request, file: ServableFile): Promise<Response> {
  const size = file.stat.size;
  const lastModified = new Date(file.stat.mtimeMs).toUTCString();
  const headers = new Headers({
    'accept-ranges': 'bytes',
    'last-modified': lastModified,
    'cache-control': file.cacheControl,
    ...nosniffHeaders,
  });
  if (file.etag !== null) headers.set('etag', file.etag);
  if (notModified(request, file)) return new Response(null, { status: 304, headers });
  const head = request.method === 'HEAD';
  const plan = rangeApplies(request, file, lastModified) ? await planRanges(request.headers.get('range'), size) : { kind: 'full' as const };

  if (plan.kind === 'unsatisfiable') {
    headers.set('content-range', `bytes */${size}`);
    return new Response(null, { status: 416, headers });
  }
  if (plan.kind === 'full') {
    headers.set('content-type', file.contentType);
    headers.set('content-length', String(size));
    return new Response(head || size === 0 ? null : body(file, 0, size - 1), { status: 200, headers });
  }
  if (plan.ranges.length === 1) {
    const [{ start, end }] = plan.ranges;
    headers.set('content-type', file.contentType);
    headers.set('content-range', `bytes ${start}-${end}/${size}`);
    headers.set('content-length', String(end - start + 1));
    return new Response(head ? null : body(file, start, end), { status: 206, headers });
  }
  const boundary = newBoundary();
  const read = (r: { start: number; end: number }) =>
    file.bytes !== null ? new Blob([file.bytes.subarray(r.start, r.end + 1)]).stream() : file.read(r.start, r.end);
  const multipart = multipartRanges(plan.ranges, size, file.contentType, boundary, read);
  headers.set('content-type', `multipart/byteranges; boundary=${boundary}`);
  headers.set('content-length', String(multipart.length));
  if (head) multipart.body.cancel().catch(() => undefined);
  return new Response(head ? null : multipart.body, { status: 206, headers });
}
