/** base64url (RFC 4648 §5, no padding) over bytes, for self-contained ids and tokens. */

/** Encodes bytes as base64url without padding. */
export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Decodes base64url, accepting only its canonical spelling (so a signed value has exactly one form); null otherwise. */
export function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const bytes = Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    return base64url(bytes) === text ? bytes : null;
  } catch {
    return null;
  }
}
