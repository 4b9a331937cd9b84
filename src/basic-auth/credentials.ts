const decoder = new TextDecoder('utf-8', { fatal: true });

/** A user-id and password sent with the Basic scheme. */
export interface BasicCredentials {
  username: string;
  password: string;
}

/**
 * The credentials of an `Authorization: Basic <base64>` value (RFC 7617: scheme case-insensitive, UTF-8, the
 * user-id ends at the first colon), or null for any other shape: bad base64, bytes that are not UTF-8, no colon,
 * control characters.
 */
export function parseBasic(header: string | null): BasicCredentials | null {
  if (header === null) return null;
  const match = /^basic +([A-Za-z0-9+/]+={0,2}) *$/i.exec(header);
  if (match === null) return null;
  let text: string;
  try {
    text = decoder.decode(Uint8Array.from(atob(match[1]), (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
  const colon = text.indexOf(':');
  // RFC 7617 section 2: neither part may hold control characters.
  if (colon < 0 || /[\x00-\x1f\x7f]/.test(text)) return null;
  return { username: text.slice(0, colon), password: text.slice(colon + 1) };
}
