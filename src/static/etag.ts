import type { FileStat } from './types';

/** A weak ETag from size and modification time: cheap, no read needed. */
export function mtimeETag(stat: FileStat): string {
  return `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
}

/** A strong ETag from the content (SHA-256 through Web Crypto, first 16 bytes, base64url). */
export async function contentETag(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)).subarray(0, 16);
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return `"${btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}"`;
}

/** Whether an If-None-Match header matches an ETag (weak comparison, as RFC 9110 asks for GET). */
export function etagMatches(header: string, etag: string): boolean {
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === bare;
  });
}
