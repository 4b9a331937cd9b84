import { refusedAddress } from './address';

/** Where one workflow request goes: the app in process, the network (an allowed origin), or nowhere (why). */
export type Destination = { kind: 'app'; url: URL } | { kind: 'network'; url: URL } | { kind: 'refused'; reason: string };

/** What decides destinations: the origins named in `allowedOrigins` and the host the app was reached at. */
export interface OriginPolicy {
  allowed: ReadonlySet<string>;
  /** The `Host` of the MCP request: absolute URLs to it are the app itself, served in process. */
  appHost?: string;
}

const compiled = new WeakMap<readonly string[], ReadonlySet<string>>();

/** Checks an `allowedOrigins` list (each `scheme://host[:port]`, http or https) and returns the origins; a bad entry throws naming it. */
export function compileOrigins(list: readonly string[] | undefined): ReadonlySet<string> {
  if (list === undefined) return new Set();
  const known = compiled.get(list);
  if (known) return known;
  if (!Array.isArray(list)) throw new TypeError('allowedOrigins must be a list of origins such as "https://api.example.com"');
  const origins = new Set<string>();
  for (const entry of list) {
    const url = typeof entry === 'string' && URL.canParse(entry) ? new URL(entry) : null;
    const plain =
      url !== null &&
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.pathname === '/' &&
      !url.search &&
      !url.hash &&
      !url.username &&
      !url.password;
    if (!plain || !/^https?:\/\/[^/?#]+\/?$/i.test(entry))
      throw new TypeError(
        `allowedOrigins: ${JSON.stringify(entry)} is not an origin such as "https://api.example.com" (scheme, host and port only)`,
      );
    origins.add(url!.origin);
  }
  compiled.set(list, origins);
  return origins;
}

const defaultPort = (protocol: string): string => (protocol === 'https:' ? '443' : '80');

/** Whether a URL points at the host the MCP request came in on (ports compared with the URL scheme's default). */
function isAppHost(url: URL, appHost: string | undefined): boolean {
  if (!appHost || !URL.canParse(`http://${appHost}`)) return false;
  const host = new URL(`http://${appHost}`);
  return host.hostname === url.hostname && (host.port || defaultPort(url.protocol)) === (url.port || defaultPort(url.protocol));
}

/**
 * Decides where a workflow URL goes. A path (`/users/1`) or a URL on the app's own host is the app, in process.
 * Any other URL must be http(s) and its origin named in `allowedOrigins`; loopback, private, link-local and
 * other non-public addresses (in any notation the URL parser accepts) get their own refusal unless named.
 * `base` is the URL a redirect came from (its `Location` resolves against it).
 */
export function destination(raw: string, policy: OriginPolicy, base?: URL): Destination {
  if (base === undefined && raw.startsWith('/')) return { kind: 'app', url: new URL(`http://localhost${raw}`) };
  if (!URL.canParse(raw, base))
    return { kind: 'refused', reason: `${JSON.stringify(raw)} is neither a path starting with "/" nor an absolute http(s) URL` };
  const url = new URL(raw, base);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { kind: 'refused', reason: `${url.protocol} URLs are not fetched: only paths on the app and http(s) URLs` };
  if (isAppHost(url, policy.appHost)) return { kind: 'app', url };
  if (policy.allowed.has(url.origin)) return { kind: 'network', url };
  const address = refusedAddress(url.hostname);
  if (address !== null)
    return {
      kind: 'refused',
      reason: `${url.origin} refused: ${address}; only origins named in the workflow's allowedOrigins are fetched`,
    };
  return {
    kind: 'refused',
    reason: `${url.origin} is not in the workflow's allowedOrigins: by default workflows call only the app itself`,
  };
}
