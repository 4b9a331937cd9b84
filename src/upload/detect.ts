import { fileTypeFromBuffer } from 'file-type';

/** The media type of content from its magic bytes; `text/plain` for UTF-8 text without NULs; else `application/octet-stream`. */
export async function detectType(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const found = await fileTypeFromBuffer(bytes);
  if (found !== undefined) return found.mime;
  if (bytes.includes(0)) return 'application/octet-stream';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 'text/plain';
  } catch {
    return 'application/octet-stream';
  }
}

/** Whether a media type is in a list that may hold `type/*` wildcards and `*\/*`. */
export function typeAllowed(type: string, allowed: string[]): boolean {
  const [major] = type.split('/');
  return allowed.some((a) => a === type || a === '*/*' || (a.endsWith('/*') && a.slice(0, -2) === major));
}
