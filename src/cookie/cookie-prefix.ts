/** The `__Secure-` and `__Host-` cookie name prefixes, as an option instead of a spelled-out name. */
import type { CookieOptions } from '../core/cookie';

/** A cookie name prefix: `'secure'` for `__Secure-`, `'host'` for `__Host-` (RFC 6265bis §4.1.3). */
export type CookiePrefix = 'secure' | 'host';

/** Set-Cookie options of `fw/cookie`'s setters: the serializer's, plus a name prefix. */
export interface SetCookieOptions extends CookieOptions {
  /** Prefixes the name with `__Secure-` or `__Host-` and sets what the prefix needs (Secure; for host, Path=/). */
  prefix?: CookiePrefix;
}

/** The cookie name with its prefix. */
export function prefixedName(name: string, prefix: CookiePrefix | undefined): string {
  if (prefix === undefined) return name;
  if (prefix === 'secure') return `__Secure-${name}`;
  if (prefix === 'host') return `__Host-${name}`;
  throw new TypeError(`cookie ${JSON.stringify(name)}: prefix must be 'secure' or 'host', got ${JSON.stringify(prefix)}`);
}

/**
 * The serializer's options for a prefixed cookie: `Secure` (and for `host`, `Path=/`) added when absent; a contrary
 * option (`secure: false`, another path, a domain on a host cookie) is left for the serializer to refuse by name.
 */
export function prefixedOptions(options: SetCookieOptions | undefined): CookieOptions | undefined {
  if (options?.prefix === undefined) return options;
  const { prefix, ...rest } = options;
  if (prefix === 'host') return { ...rest, secure: rest.secure ?? true, path: rest.path ?? '/' };
  return { ...rest, secure: rest.secure ?? true };
}
