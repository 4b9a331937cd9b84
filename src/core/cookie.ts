/** Attributes of a Set-Cookie header. */
export interface CookieOptions {
  domain?: string;
  path?: string;
  expires?: Date;
  maxAge?: number;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: 'Strict' | 'Lax' | 'None' | 'strict' | 'lax' | 'none';
  partitioned?: boolean;
}

const tokenPattern = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Builds one Set-Cookie header value; the value is percent-encoded, a bad name is rejected. */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  if (!tokenPattern.test(name)) throw new TypeError(`Invalid cookie name: ${JSON.stringify(name)}`);
  let out = `${name}=${encodeURIComponent(value)}`;
  if (options.maxAge !== undefined) out += `; Max-Age=${Math.floor(options.maxAge)}`;
  if (options.domain) out += `; Domain=${options.domain}`;
  out += `; Path=${options.path ?? '/'}`;
  if (options.expires) out += `; Expires=${options.expires.toUTCString()}`;
  if (options.httpOnly) out += '; HttpOnly';
  if (options.secure || options.sameSite?.toLowerCase() === 'none' || options.partitioned) out += '; Secure';
  if (options.sameSite) out += `; SameSite=${options.sameSite[0].toUpperCase()}${options.sameSite.slice(1).toLowerCase()}`;
  if (options.partitioned) out += '; Partitioned';
  return out;
}

/** Reads one cookie from a Cookie header, decoding its value; null when absent. */
export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  let start = 0;
  while (start < header.length) {
    let end = header.indexOf(';', start);
    if (end === -1) end = header.length;
    const eq = header.indexOf('=', start);
    if (eq !== -1 && eq < end && header.slice(start, eq).trim() === name) {
      let raw = header.slice(eq + 1, end).trim();
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
