import { checkOptions } from './options';

/** Attributes of a Set-Cookie header. */
export interface CookieOptions {
  domain?: string;
  path?: string;
  expires?: Date;
  maxAge?: number;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: 'Strict' | 'Lax' | 'None' | 'strict' | 'lax' | 'none';
  priority?: 'Low' | 'Medium' | 'High' | 'low' | 'medium' | 'high';
  partitioned?: boolean;
}

const cookieOptionsKeys: Record<keyof CookieOptions, true> = {
  domain: true,
  path: true,
  expires: true,
  maxAge: true,
  httpOnly: true,
  secure: true,
  sameSite: true,
  priority: true,
  partitioned: true,
};

/** RFC 6265 §4.1.1: cookie-name is a token; path-value any CHAR but CTLs and ";"; domain-value a host name. */
const tokenPattern = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const pathPattern = /^[\x20-\x3a\x3c-\x7e]+$/;
const domainPattern = /^\.?[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const sameSiteValues = new Map([
  ['strict', 'Strict'],
  ['lax', 'Lax'],
  ['none', 'None'],
]);
const priorityValues = new Map([
  ['low', 'Low'],
  ['medium', 'Medium'],
  ['high', 'High'],
]);

function invalid(name: string, what: string, rule: string, got: unknown): TypeError {
  const shown = typeof got === 'string' ? JSON.stringify(got) : typeof got === 'object' ? Object.prototype.toString.call(got) : String(got);
  return new TypeError(`setCookie(${JSON.stringify(name)}): ${what} ${rule}, got ${shown}`);
}

function encodedValue(name: string, value: string): string {
  if (typeof value !== 'string') throw invalid(name, 'the value', 'must be a string', value);
  try {
    return encodeURIComponent(value);
  } catch {
    throw invalid(name, 'the value', 'must be well-formed Unicode (no lone surrogate)', value);
  }
}

function maxAgeAttribute(name: string, maxAge: unknown): string {
  if (maxAge === undefined) return '';
  if (typeof maxAge !== 'number' || !Number.isSafeInteger(maxAge))
    throw invalid(name, 'option maxAge', 'must be an integer number of seconds', maxAge);
  return `; Max-Age=${maxAge}`;
}

function domainAttribute(name: string, domain: unknown): string {
  if (domain === undefined) return '';
  if (typeof domain !== 'string' || !domainPattern.test(domain))
    throw invalid(name, 'option domain', 'must be a host name (letters, digits, "-" and ".")', domain);
  return `; Domain=${domain}`;
}

function pathAttribute(name: string, path: unknown): string {
  if (path === undefined) return '; Path=/';
  if (typeof path !== 'string' || !pathPattern.test(path))
    throw invalid(name, 'option path', 'must be printable ASCII without ";" (RFC 6265 §4.1.1)', path);
  return `; Path=${path}`;
}

function expiresAttribute(name: string, expires: unknown): string {
  if (expires === undefined) return '';
  if (Object.prototype.toString.call(expires) !== '[object Date]' || Number.isNaN((expires as Date).getTime()))
    throw invalid(name, 'option expires', 'must be a valid Date', expires);
  return `; Expires=${(expires as Date).toUTCString()}`;
}

/** The canonical spelling of an enumerated option (`sameSite`, `priority`), matched case-insensitively. */
function oneOf(name: string, option: string, values: Map<string, string>, got: unknown): string | undefined {
  if (got === undefined) return undefined;
  const value = typeof got === 'string' ? values.get(got.toLowerCase()) : undefined;
  if (value === undefined) throw invalid(name, `option ${option}`, `must be one of ${[...values.values()].join(', ')}`, got);
  return value;
}

function flag(name: string, option: string, got: unknown): boolean {
  if (got !== undefined && typeof got !== 'boolean') throw invalid(name, `option ${option}`, 'must be a boolean', got);
  return got === true;
}

/** Checks the `__Secure-` and `__Host-` name prefixes, whose cookies browsers silently drop without their attributes. */
function checkPrefix(name: string, options: CookieOptions, secure: boolean): void {
  const lower = name.toLowerCase();
  if ((lower.startsWith('__secure-') || lower.startsWith('__host-')) && !secure)
    throw invalid(name, 'option secure', 'must be true for a __Secure- or __Host- cookie', options.secure);
  if (!lower.startsWith('__host-')) return;
  if (options.path !== undefined && options.path !== '/')
    throw invalid(name, 'option path', 'must be "/" for a __Host- cookie', options.path);
  if (options.domain !== undefined) throw invalid(name, 'option domain', 'must be absent for a __Host- cookie', options.domain);
}

/**
 * Builds one Set-Cookie header value; the one serializer of fw (fw/cookie, sessions). The value is percent-encoded;
 * a bad name, value or option throws a TypeError naming it, so no option can inject an attribute or a header.
 * `sameSite: 'None'` and `partitioned` imply `Secure`.
 */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  if (typeof name !== 'string' || !tokenPattern.test(name)) throw invalid(String(name), 'the name', 'must be an RFC 6265 token', name);
  checkOptions('setCookie()', options, cookieOptionsKeys);
  const o = options ?? {};
  const sameSite = oneOf(name, 'sameSite', sameSiteValues, o.sameSite);
  const priority = oneOf(name, 'priority', priorityValues, o.priority);
  const httpOnly = flag(name, 'httpOnly', o.httpOnly);
  const partitioned = flag(name, 'partitioned', o.partitioned);
  const secure = flag(name, 'secure', o.secure) || sameSite === 'None' || partitioned;
  checkPrefix(name, o, secure);
  return (
    `${name}=${encodedValue(name, value)}${maxAgeAttribute(name, o.maxAge)}${domainAttribute(name, o.domain)}` +
    `${pathAttribute(name, o.path)}${expiresAttribute(name, o.expires)}${httpOnly ? '; HttpOnly' : ''}${secure ? '; Secure' : ''}` +
    `${sameSite === undefined ? '' : `; SameSite=${sameSite}`}${priority === undefined ? '' : `; Priority=${priority}`}` +
    `${partitioned ? '; Partitioned' : ''}`
  );
}

/** Trims the optional whitespace of a cookie pair (SP and HTAB only: a name padded with NBSP must not match). */
function trimOws(text: string): string {
  return text.replace(/^[ \t]+|[ \t]+$/g, '');
}

/** Reads one cookie from a Cookie header, decoding its value; null when absent. */
export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  let start = 0;
  while (start < header.length) {
    let end = header.indexOf(';', start);
    if (end === -1) end = header.length;
    const eq = header.indexOf('=', start);
    if (eq !== -1 && eq < end && trimOws(header.slice(start, eq)) === name) {
      let raw = trimOws(header.slice(eq + 1, end));
      if (raw.length > 1 && raw.startsWith('"') && raw.endsWith('"')) raw = raw.slice(1, -1);
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
    start = end + 1;
  }
  return null;
}
