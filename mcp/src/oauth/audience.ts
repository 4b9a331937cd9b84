/**
 * Resource identifiers (RFC 8707) in RFC 3986 normal form, so that a token's `aud` and this resource are compared
 * exactly: scheme and host lowercased, default port and empty port removed, an empty path as `/`, dot-segments
 * removed, percent-encodings of unreserved characters decoded and the others upper-cased. The WHATWG URL parser does
 * the first four; it also accepts what RFC 3986 does not (user information, backslashes, spaces, numeric IPv4 forms),
 * so those are refused here before it runs.
 */

/** The characters RFC 3986 allows in a URI (section 2: unreserved, reserved, `%`). */
const uriCharacters = /^[\w\-.~:/?#[\]@!$&'()*+,;=%]+$/;
/** A `%` not followed by two hex digits (RFC 3986 section 2.1). */
const badPercent = /%(?![\da-fA-F]{2})/;
/** Scheme and authority of an http(s) URI: `https://` then everything up to the path, query or fragment. */
const httpAuthority = /^https?:\/\/([^/?#]*)/i;
/** A `.` or `..` path segment, literally or percent-encoded (`%2e`), as the WHATWG parser reads it. */
const dotSegment = /\/(?:\.|%2e){1,2}(?=[/?#]|$)/i;
/** One percent-encoded octet. */
const percentOctet = /%([\da-fA-F]{2})/g;
const unreserved = /^[\w\-.~]$/;

/** The host of an authority as written (`user@` refused before), lowercased, without its port. */
function hostOf(authority: string): string {
  const host = authority.startsWith('[') ? authority.slice(0, authority.indexOf(']') + 1) : authority.replace(/:[^:]*$/, '');
  return host.toLowerCase();
}

/**
 * Why `uri` cannot identify a resource, or undefined when it can: it must be an absolute http(s) URI of RFC 3986
 * characters, without user information (`user@host`, which would let `https://mcp.example.com@evil.example` read as
 * one host and be another) and without a fragment (RFC 8707 section 2), its host written as RFC 3986 compares it.
 */
export function resourceURIProblem(uri: string): string | undefined {
  if (!uriCharacters.test(uri)) return 'it holds characters a URI cannot (RFC 3986 section 2): spaces, backslashes, quotes, non-ASCII';
  if (badPercent.test(uri)) return 'it holds a "%" that is not followed by two hex digits';
  const authority = httpAuthority.exec(uri)?.[1];
  if (authority === undefined || !URL.canParse(uri)) return 'it is not an absolute http(s) URL';
  if (authority.includes('@')) return 'it holds user information ("user@" before the host), which a resource identifier must not';
  if (uri.includes('#')) return 'it has a fragment ("#"), which a resource identifier must not (RFC 8707 section 2)';
  if (new URL(uri).hostname !== hostOf(authority))
    return 'its host is not in normal form (percent-encoded, a numeric IPv4 shorthand, an IPv6 address not in its shortest form)';
  return undefined;
}

/** Whether the path of `uri` has `.` or `..` segments, which normalization removes. */
export function hasDotSegments(uri: string): boolean {
  const path = uri.replace(/^[^:]+:\/\/[^/?#]*/, '').replace(/[?#].*$/s, '');
  return dotSegment.test(path);
}

/** `%xx` as RFC 3986 section 6.2.2 normalizes it: an unreserved character decoded, any other octet in upper case. */
function normalPercent(text: string): string {
  return text.replace(percentOctet, (octet, hex: string) => {
    const character = String.fromCharCode(Number.parseInt(hex, 16));
    return unreserved.test(character) ? character : octet.toUpperCase();
  });
}

/** `uri` in RFC 3986 normal form, or undefined when it cannot identify a resource (`resourceURIProblem`). */
export function normalResourceURI(uri: string): string | undefined {
  if (resourceURIProblem(uri) !== undefined) return undefined;
  return normalPercent(new URL(uri).href);
}
