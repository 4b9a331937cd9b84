import type { Context } from '../core/context';
import { isHeaderName } from './hop-by-hop';

/** Options of `proxy()`. */
export interface ProxyOptions {
  /**
   * Where requests go: an absolute http(s) URL whose path is put before the request's path
   * (`http://127.0.0.1:4000/v1` sends `/users?x=1` to `http://127.0.0.1:4000/v1/users?x=1`). A function chooses per
   * request; it needs `allowedOrigins`, since its answer may then depend on what the client sent.
   */
  upstream: string | URL | ((ctx: Context) => string | URL);
  /** With a function `upstream`: the origins it may answer (`['http://10.0.0.5:8080']`), or `'any'` to allow every origin on purpose. */
  allowedOrigins?: string[] | 'any';
  /** The path and query sent upstream (default: the request's, as received); must start with `/`. */
  path?: (ctx: Context) => string;
  /** Request headers to set (a string) or remove (null) after the client's are copied and cleaned. */
  headers?: Record<string, string | null>;
  /** Whether to send X-Forwarded-For, -Host and -Proto (default true). The client's own are dropped either way (see README). */
  xForwarded?: boolean;
  /** Milliseconds to wait for the upstream's response headers before answering 504 (default: no limit). */
  timeout?: number;
  /** The fetch to call (default `globalThis.fetch`): a workers service binding's `fetch`, or one with a custom agent. */
  fetch?: (request: Request) => Promise<Response>;
}

/** The checked options, with defaults filled in. */
export interface ProxySettings {
  upstream: URL | ((ctx: Context) => string | URL);
  allowedOrigins: Set<string> | 'any' | null;
  path: ((ctx: Context) => string) | null;
  headers: [string, string | null][];
  xForwarded: boolean;
  timeout: number | null;
  fetch: ((request: Request) => Promise<Response>) | null;
}

const known = new Set(['upstream', 'allowedOrigins', 'path', 'headers', 'xForwarded', 'timeout', 'fetch']);

function fail(message: string): never {
  throw new TypeError(`proxy: ${message}`);
}

/** Parses a fixed upstream: an absolute http(s) URL without credentials, query or fragment. */
export function upstreamUrl(value: string | URL, where: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    fail(`${where} must be an absolute URL such as "http://127.0.0.1:4000", got ${JSON.stringify(String(value))}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') fail(`${where} must be an http or https URL, got ${url.protocol}`);
  if (url.username !== '' || url.password !== '')
    fail(`${where} must not carry credentials; set an Authorization header with the headers option`);
  if (url.search !== '' || url.hash !== '') fail(`${where} must not have a query or fragment (the request's query is forwarded)`);
  return url;
}

function checkOrigins(value: unknown): Set<string> | 'any' {
  if (value === 'any') return 'any';
  if (!Array.isArray(value) || value.length === 0)
    fail('a function upstream needs allowedOrigins: the origins it may answer, or "any" to allow every origin on purpose');
  return new Set(
    value.map((origin) => {
      const url = upstreamUrl(origin, 'allowedOrigins entries');
      if (url.origin !== origin)
        fail(
          `allowedOrigins entries are origins (scheme://host[:port]), write ${JSON.stringify(url.origin)} instead of ${JSON.stringify(origin)}`,
        );
      return origin;
    }),
  );
}

/** Checks the options once, when `proxy()` is called, so a mistake fails at startup with what to write instead. */
export function checkProxyOptions(options: ProxyOptions): ProxySettings {
  if (options === null || typeof options !== 'object') fail('give options, e.g. proxy({ upstream: "http://127.0.0.1:4000" })');
  for (const key of Object.keys(options)) if (!known.has(key)) fail(`unknown option "${key}" (${[...known].join(', ')})`);
  const { upstream } = options;
  if (upstream === undefined) fail('upstream is required, e.g. proxy({ upstream: "http://127.0.0.1:4000" })');
  const dynamic = typeof upstream === 'function';
  if (!dynamic && options.allowedOrigins !== undefined) fail('allowedOrigins applies to a function upstream only');
  for (const key of ['path', 'fetch'] as const)
    if (options[key] !== undefined && typeof options[key] !== 'function') fail(`${key} must be a function, got ${typeof options[key]}`);
  if (options.xForwarded !== undefined && typeof options.xForwarded !== 'boolean') fail('xForwarded must be true or false');
  const { timeout } = options;
  if (timeout !== undefined && (!Number.isSafeInteger(timeout) || timeout <= 0))
    fail(`timeout must be a whole number of milliseconds > 0, got ${String(timeout)}`);
  const headers: [string, string | null][] = [];
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (!isHeaderName(name)) fail(`headers: ${JSON.stringify(name)} is not a header name`);
    if (value !== null && typeof value !== 'string') fail(`headers.${name} must be a string, or null to remove the header`);
    if (typeof value === 'string' && /[\r\n\0]/.test(value)) fail(`headers.${name} must not contain a line break or NUL`);
    headers.push([name, value]);
  }
  return {
    upstream: dynamic ? upstream : upstreamUrl(upstream as string | URL, 'upstream'),
    allowedOrigins: dynamic ? checkOrigins(options.allowedOrigins) : null,
    path: options.path ?? null,
    headers,
    xForwarded: options.xForwarded ?? true,
    timeout: timeout ?? null,
    fetch: options.fetch ?? null,
  };
}
