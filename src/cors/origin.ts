/**
 * The `origin` option of cors(): checked at startup (so a configuration that lets any website read credentialed
 * answers fails there) and turned into the per-request decision.
 */
import type { Context } from '../core/context';

/** Which origins may call: `*`, one origin, a list, a pattern, or a function deciding per request. */
export type CorsOrigin = '*' | string | string[] | RegExp | ((origin: string, ctx: Context) => boolean | Promise<boolean>);

/** Decides whether a request's Origin is allowed. */
export type OriginMatcher = (value: string, ctx: Context) => boolean | Promise<boolean>;

const kinds = "'*', an origin, a list of origins, a RegExp or a function (origin, ctx) => boolean";

/** A random origin no configuration names on purpose: a pattern that accepts it accepts any website. */
function randomOrigin(scheme: string, tld: string): string {
  const letters = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => String.fromCharCode(97 + (b % 26))).join('');
  return `${scheme}://${letters.slice(0, 6)}.${letters.slice(6)}.${tld}`;
}

/** Refuses a RegExp that matches arbitrary origins, tried on a few random ones; with credentials it would reflect every site. */
function checkPattern(pattern: RegExp): void {
  const probes = [randomOrigin('https', 'com'), randomOrigin('http', 'test'), `${randomOrigin('https', 'net')}:8443`];
  const accepted = probes.find((probe) => {
    pattern.lastIndex = 0;
    return pattern.test(probe);
  });
  if (accepted === undefined) return;
  throw new Error(
    `cors: origin ${String(pattern)} matches any origin (it accepted ${JSON.stringify(accepted)}); with credentials: true ` +
      "every website could read your users' answers. Anchor the pattern to your own hosts, e.g. /^https:\\/\\/(app|admin)\\.example\\.com$/, or list the origins",
  );
}

/** A listed origin in the form browsers send (`scheme://host[:port]`, lower case, no default port, no path). */
function normalizedOrigin(origin: unknown): string {
  if (typeof origin !== 'string') throw new TypeError(`cors: origin must be ${kinds}, got a list holding ${typeof origin}`);
  const value = origin.replace(/\/$/, '').toLowerCase();
  if (value === 'null') return value;
  const parsed = URL.canParse(value) ? new URL(value).origin : null;
  if (parsed === value) return value;
  const hint = parsed !== null && parsed !== 'null' ? ` (did you mean ${JSON.stringify(parsed)}?)` : '';
  throw new TypeError(
    `cors: origin ${JSON.stringify(origin)} is not an origin as browsers send it (scheme://host[:port], no path or default port)${hint}`,
  );
}

/** A list of origins; `null` (sent by sandboxed frames and local files, so any site can send it) never with credentials. */
function listMatcher(origins: unknown[], credentials: boolean): OriginMatcher {
  const allowed = new Set(origins.map(normalizedOrigin));
  if (credentials && allowed.has('null')) {
    throw new Error(
      "cors: origin 'null' cannot be allowed with credentials: true; any website can send Origin: null from a sandboxed iframe. List your sites' origins",
    );
  }
  return (value) => allowed.has(value.toLowerCase());
}

/**
 * Checks `origin` at startup and returns its matcher, or null for `*`. A RegExp is copied and its `lastIndex`
 * reset before each test, so the `g` and `y` flags cannot make every other request fail.
 */
export function originMatcher(origin: unknown, credentials: boolean): OriginMatcher | null {
  if (origin === '*' || (Array.isArray(origin) && origin.includes('*'))) {
    if (credentials) {
      throw new Error(
        "cors: origin '*' cannot be combined with credentials: true; list the allowed origins (browsers refuse '*' with credentials)",
      );
    }
    return null;
  }
  if (typeof origin === 'function') return origin as OriginMatcher;
  if (origin instanceof RegExp) {
    const pattern = new RegExp(origin.source, origin.flags);
    if (credentials) checkPattern(pattern);
    return (value) => {
      pattern.lastIndex = 0;
      return pattern.test(value);
    };
  }
  if (typeof origin === 'string' || Array.isArray(origin)) return listMatcher(Array.isArray(origin) ? origin : [origin], credentials);
  const reflect = origin === true ? " (fw has no 'reflect every origin' setting: list the origins, or use '*' without credentials)" : '';
  throw new TypeError(`cors: origin must be ${kinds}, got ${String(origin)}${reflect}`);
}
