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
 */

const keptEscapes: Record<number, string> = { 0x23: '%23', 0x25: '%25', 0x2f: '%2F', 0x3f: '%3F', 0x5c: '%5C' };
const escapeRun = /(?:%[0-9A-Fa-f]{2})+/g;
const strayPercent = /%(?![0-9A-Fa-f]{2})/;

/** Whether the path has a `.` or `..` segment (only called when it contains `/.`). */
function hasDotSegment(path: string): boolean {
  for (let i = path.indexOf('/.'); i !== -1; i = path.indexOf('/.', i + 1)) {
    const next = path.charCodeAt(i + 2);
    if (Number.isNaN(next) || next === 47) return true;
    if (next === 46) {
      const after = path.charCodeAt(i + 3);
      if (Number.isNaN(after) || after === 47) return true;
    }
  }
  return false;
}

/** Decodes one run of escapes, keeping the escapes of `keptEscapes`; throws URIError on bytes that are not UTF-8. */
function decodeRun(run: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < run.length; i += 3) {
    const kept = keptEscapes[parseInt(run.slice(i + 1, i + 3), 16)];
    if (kept === undefined) continue;
    if (i > from) out += decodeURIComponent(run.slice(from, i));
    out += kept;
    from = i + 3;
  }
  return from === 0 ? decodeURIComponent(run) : from < run.length ? out + decodeURIComponent(run.slice(from)) : out;
}

/** One segment with its escapes decoded (see the module comment), or null when an escape is malformed. */
export function decodeSegment(segment: string): string | null {
  if (segment.indexOf('%') === -1) return segment;
  if (strayPercent.test(segment)) return null;
  try {
    return segment.replace(escapeRun, decodeRun);
  } catch {
    return null;
  }
}

/**
 * The canonical form of a request path (the part of the URL between the authority and the query), or null when
 * it has a malformed percent-escape. Paths already canonical (the common case) are returned as they are.
 */
export function canonicalPath(path: string): string | null {
  if (
    path.indexOf('%') === -1 &&
    path.indexOf('//') === -1 &&
    path.indexOf('\\') === -1 &&
    (path.indexOf('/.') === -1 || !hasDotSegment(path))
  ) {
    return path;
  }
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
      throw new Error(
        `Route "${pattern}": malformed percent-escape in "${part}" (write the character itself, or a valid UTF-8 escape like %C3%A9)`,
      );
    if (decoded === '.' || decoded === '..')
      throw new Error(
        `Route "${pattern}": "." and ".." segments never match a request (request paths are resolved before matching); remove them`,
      );
    if (decoded.indexOf('\\') !== -1)
      throw new Error(`Route "${pattern}": a backslash is read as "/" in request paths, so this route never matches; write "/" or "%5C"`);
    out.push(decoded);
  }
  return `/${out.join('/')}`;
}
