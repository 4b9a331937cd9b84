import { markupType } from './markup';
import { matchSignature } from './signatures';

/** How much of a text file markup sniffing reads (a long comment before an `<svg>` must not hide it). */
const sniffWindow = 64 * 1024;

/**
 * The media type of content from its magic bytes (see `signatures.ts`); UTF-8 text without NULs is an active type
 * when it starts with markup (`image/svg+xml`, `text/html`, `application/xhtml+xml`, `application/xml`: see
 * `markup.ts`), else `text/plain`; anything else is `application/octet-stream`. The client's name and declared type
 * play no part.
 */
export function detectType(bytes: Uint8Array): string {
  const found = matchSignature(bytes);
  if (found !== null) return found;
  if (bytes.includes(0)) return 'application/octet-stream';
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return 'application/octet-stream';
  }
  return markupType(text.slice(0, sniffWindow)) ?? 'text/plain';
}

/** Whether a media type is in a list that may hold `type/*` wildcards and `*\/*`. */
export function typeAllowed(type: string, allowed: string[]): boolean {
  const [major] = type.split('/');
  return allowed.some((a) => a === type || a === '*/*' || (a.endsWith('/*') && a.slice(0, -2) === major));
}
