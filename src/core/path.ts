/**
 * The canonical request path: the one form of a path that every route, guard, group, hook, file, WebSocket route
 * and mount compares, decided once per request (rules in src/core/README.md, "One canonical path").
 *
 * - Percent-escapes are decoded once, as UTF-8, except those of `/`, `\`, `%`, `?` and `#`: those stay escaped
 *   (upper-case hex), so `%2F` is data inside a segment and never a separator, and a decoded `%` never starts
 *   another escape. A malformed escape or one that is not UTF-8 makes the path malformed (the core answers 400).
 * - Runs of slashes are one slash; a backslash is a slash (as the URL parser reads it for http and https).
 * - `.` segments are dropped and `..` removes the segment before it (never above the root), after decoding.
 * - A trailing slash is kept (`/a/` and `/a` stay distinct; the core's fallback answers `/a/` with `/a`'s route).
 * - `%2F` and `%5C` (an encoded `/` or `\`) make the path refused (400) unless the app sets `allowEncodedSlashes`.
 */

/** The escapes a canonical path keeps (of `#`, `%`, `/`, `?` and `\`), in either case. */
const keptEscape = /%(?:2[35fF]|3[fF]|5[cC])/g;

/** One segment with its escapes decoded (see the module comment), or null when an escape is malformed. */
export function decodeSegment(segment: string): string | null {
  if (segment.indexOf('%') === -1) return segment;
  try {
    // A kept escape becomes `%25` and its hex, which decoding turns back into the escape, in upper case.
    return decodeURIComponent(segment.replace(keptEscape, (kept) => `%25${kept.slice(1).toUpperCase()}`));
  } catch {
    return null;
  }
}

/**
 * The canonical form of a request path (the part of the URL between the authority and the query), or null when
 * it has a malformed percent-escape, or an encoded slash (`%2F`, `%5C`) without `encodedSlashes`. Paths already
 * canonical (the common case) are returned as they are.
 */
export function canonicalPath(path: string, encodedSlashes?: boolean): string | null {
  if (path.indexOf('%') === -1 && path.indexOf('//') === -1 && path.indexOf('\\') === -1 && path.indexOf('/.') === -1) {
    return path;
  }
  if (!encodedSlashes && /%(2f|5c)/i.test(path)) return null;
  const parts = path.replace(/\\/g, '/').split('/');
  const segments: string[] = [];
  let directory = false;
  for (let i = 0; i < parts.length; i++) {
    const decoded = decodeSegment(parts[i]);
    if (decoded === null) return null;
    directory = decoded === '' || decoded === '.' || decoded === '..';
    if (decoded === '..') segments.pop();
    else if (!directory) segments.push(decoded);
  }
  return segments.length === 0 ? '/' : `/${segments.join('/')}${directory ? '/' : ''}`;
}

/** The path of a request URL (no query, no fragment), as the URL holds it. */
export function rawPathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf(':') + 3);
  if (start === -1) return '/';
  let end = url.indexOf('?', start);
  const hash = url.indexOf('#', start);
  if (hash !== -1 && (end === -1 || hash < end)) end = hash;
  return end === -1 ? url.slice(start) : url.slice(start, end);
}

/** Decodes a parameter value taken from a canonical path: only the escapes the canonical form keeps are left. */
export function decodeParam(value: string): string {
  return value.indexOf('%') === -1 ? value : decodeURIComponent(value);
}

/**
 * The canonical form of a registered pattern's literal text: leading slash, no trailing slash but the root's,
 * escapes decoded as in request paths (so `/caf%C3%A9` and `/café` are one route). Parameter segments (`:name`,
 * with any constraint) and `*` are kept as written. Throws, naming the pattern, on a malformed escape or a
 * `.`/`..` segment, which no canonical request path can contain.
 */
export function canonicalPattern(pattern: string): string {
  const parts = pattern.replace(/\/+/g, '/').split('/');
  const out: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    if (part === '') continue;
    if (part.charCodeAt(0) === 58 || part === '*' || part.indexOf('(') !== -1 || part.indexOf('{') !== -1) {
      out.push(part);
      continue;
    }
    const decoded = decodeSegment(part);
    if (decoded === null)
      throw new Error(`Route "${pattern}": malformed percent-escape in "${part}" (write the character, or UTF-8 escapes like %C3%A9)`);
    if (decoded === '.' || decoded === '..')
      throw new Error(`Route "${pattern}": remove its "." and ".." segments (request paths are resolved before matching)`);
    if (decoded.indexOf('\\') !== -1) throw new Error(`Route "${pattern}": a backslash is read as "/" in requests; write "/" or %5C`);
    out.push(decoded);
  }
  return `/${out.join('/')}`;
}
