/** Header values may hold visible ASCII, space and tab only (RFC 9110). */
const SAFE_VALUE = /^[\x20-\x7e\t]*$/;
const PREFIX = '=?base64?';
const SUFFIX = '?=';

/** A header value without the optional whitespace around it, which is not part of it (RFC 9110 §5.5; not every runtime strips it). */
export function withoutOWS(value: string): string {
  return value.replace(/^[ \t]+|[ \t]+$/g, '');
}

/**
 * A 2026-07-28 header value (`Mcp-Name`, `Mcp-Param-*`) as sent, or decoded from the `=?base64?...?=` sentinel
 * (UTF-8); null when it holds characters a header may not, or a sentinel whose Base64 is malformed.
 */
export function decodeHeaderValue(raw: string): string | null {
  const value = withoutOWS(raw);
  if (!SAFE_VALUE.test(value)) return null;
  if (!value.startsWith(PREFIX) || !value.endsWith(SUFFIX) || value.length < PREFIX.length + SUFFIX.length) return value;
  const encoded = value.slice(PREFIX.length, -SUFFIX.length);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded) || encoded.length % 4 !== 0) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** Whether a header value (printable ASCII, space, tab) may be compared as sent. */
export function isSafeHeaderValue(value: string): boolean {
  return SAFE_VALUE.test(value);
}
