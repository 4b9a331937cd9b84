import { matchSignature } from './signatures';

const svgStart = /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!doctype svg[^>]*>\s*)?<svg[\s>]/i;

/**
 * The media type of content from its magic bytes (see `signatures.ts`); UTF-8 text without NULs is `image/svg+xml`
 * when it is an SVG document, else `text/plain`; anything else is `application/octet-stream`.
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
  return svgStart.test(text.slice(0, 4096)) ? 'image/svg+xml' : 'text/plain';
}

/** Whether a media type is in a list that may hold `type/*` wildcards and `*\/*`. */
export function typeAllowed(type: string, allowed: string[]): boolean {
  const [major] = type.split('/');
  return allowed.some((a) => a === type || a === '*/*' || (a.endsWith('/*') && a.slice(0, -2) === major));
}
