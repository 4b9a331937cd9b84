import type { FwPluginConfig, Middleware } from '../core/types';
import { mutableResponse } from './mutable-response';
import { nonceMiddleware, nonceOf } from './nonce';
import { checkOptions } from '../core/options';
import { renderPermissionsPolicy } from './permissions-policy';

/** CSP directives: name to list of sources (`'self'`, `https:`, ...); `true` for value-less ones like upgrade-insecure-requests. */
export type CSPDirectives = Record<string, string[] | true>;

/** Which security headers to send; each may be a value, an options object, or `false` to leave it out. */
export interface SecurityHeadersOptions {
  contentSecurityPolicy?: CSPDirectives | string | false;
  /** Send CSP as Content-Security-Policy-Report-Only. */
  cspReportOnly?: boolean;
  strictTransportSecurity?: { maxAge?: number; includeSubDomains?: boolean; preload?: boolean } | string | false;
  xFrameOptions?: 'DENY' | 'SAMEORIGIN' | false;
  referrerPolicy?: string | false;
  /** Feature to allow-list: `self`, `src`, `*` or origins (`https://a.example`, written as quoted strings); `[]` for no one. */
  permissionsPolicy?: Record<string, string[]> | string | false;
  crossOriginOpenerPolicy?: 'same-origin' | 'same-origin-allow-popups' | 'unsafe-none' | false;
  crossOriginResourcePolicy?: 'same-origin' | 'same-site' | 'cross-origin' | false;
  crossOriginEmbedderPolicy?: 'require-corp' | 'credentialless' | 'unsafe-none' | false;
  xContentTypeOptions?: boolean;
  xDnsPrefetchControl?: boolean;
  originAgentCluster?: boolean;
  xPermittedCrossDomainPolicies?: string | false;
  /** Removes X-Powered-By and Server headers set by handlers (default true). */
  hidePoweredBy?: boolean;
}

/** The CSP sent unless overridden: same-origin everything, no plugins, no framing by others. */
export const defaultCSP: CSPDirectives = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'font-src': ["'self'", 'https:', 'data:'],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", 'https:', "'unsafe-inline'"],
  'upgrade-insecure-requests': true,
};

const directiveName = /^[a-z-]+$/;

/** Directives that take a nonce when the policy names them. */
const nonceTargets = ['script-src', 'style-src', 'script-src-elem', 'style-src-elem'];

/**
 * The directives with a nonce in `script-src` and `style-src`: each is derived from `default-src` when the policy
 * lacks it (browsers fall back to `default-src`, so the derived list allows the same and the nonce), as
 * @fastify/helmet adds them; the `-elem` variants get it when named. `'none'` is dropped from a list that now holds
 * the nonce, and `'unsafe-inline'` from the script lists (a nonce makes browsers ignore it anyway).
 */
function withNonce(directives: CSPDirectives, nonce: string): CSPDirectives {
  const out: CSPDirectives = { ...directives };
  const fallback = directives['default-src'];
  for (const name of ['script-src', 'style-src']) if (out[name] === undefined && Array.isArray(fallback)) out[name] = fallback;
  for (const name of nonceTargets) {
    const sources = out[name];
    if (!Array.isArray(sources)) continue;
    const kept = sources.filter((s) => s !== "'none'" && (s !== "'unsafe-inline'" || name.startsWith('style-src')));
    out[name] = [...kept, `'nonce-${nonce}'`];
  }
  return out;
}

/** Renders CSP directives to the header value, adding a nonce to script-src and style-src when given (see `withNonce`). */
export function renderCSP(directives: CSPDirectives, nonce?: string): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(nonce ? withNonce(directives, nonce) : directives)) {
    if (!directiveName.test(name)) throw new TypeError(`Invalid CSP directive name "${name}"`);
    if (value === true) {
      parts.push(name);
      continue;
    }
    for (const source of value) if (/[;,\r\n]/.test(source)) throw new TypeError(`Invalid CSP source "${source}" in ${name}`);
    parts.push(`${name} ${value.join(' ')}`);
  }
  return parts.join('; ');
}

function hsts(value: SecurityHeadersOptions['strictTransportSecurity']): string | null {
  if (value === false) return null;
  if (typeof value === 'string') return value;
  const { maxAge = 15_552_000, includeSubDomains = true, preload = false } = value ?? {};
  return `max-age=${Math.floor(maxAge)}${includeSubDomains ? '; includeSubDomains' : ''}${preload ? '; preload' : ''}`;
}

function permissions(value: SecurityHeadersOptions['permissionsPolicy']): string | null {
  if (value === false) return null;
  if (typeof value === 'string') return value;
  return renderPermissionsPolicy(value ?? { camera: [], microphone: [], geolocation: [] });
}

/** Computes the fixed headers once; only the CSP is per request (its nonce). */
function staticHeaders(options: SecurityHeadersOptions): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const add = (name: string, value: string | null | false | undefined): void => {
    if (value) out.push([name, value]);
  };
  add('strict-transport-security', hsts(options.strictTransportSecurity));
  add('x-frame-options', options.xFrameOptions === undefined ? 'SAMEORIGIN' : options.xFrameOptions);
  add('referrer-policy', options.referrerPolicy === undefined ? 'no-referrer' : options.referrerPolicy);
  add('permissions-policy', permissions(options.permissionsPolicy));
  add('cross-origin-opener-policy', options.crossOriginOpenerPolicy === undefined ? 'same-origin' : options.crossOriginOpenerPolicy);
  add('cross-origin-resource-policy', options.crossOriginResourcePolicy === undefined ? 'same-origin' : options.crossOriginResourcePolicy);
  add('cross-origin-embedder-policy', options.crossOriginEmbedderPolicy);
  add('x-content-type-options', options.xContentTypeOptions === false ? null : 'nosniff');
  add('x-dns-prefetch-control', options.xDnsPrefetchControl === false ? null : 'off');
  add('origin-agent-cluster', options.originAgentCluster === false ? null : '?1');
  add(
    'x-permitted-cross-domain-policies',
    options.xPermittedCrossDomainPolicies === undefined ? 'none' : options.xPermittedCrossDomainPolicies,
  );
  add('x-xss-protection', '0');
  return out;
}

/** Every option of securityHeaders(), so a mistyped key fails at startup. */
const securityHeadersOptionsKeys: Record<keyof SecurityHeadersOptions, true> = {
  contentSecurityPolicy: true,
  cspReportOnly: true,
  strictTransportSecurity: true,
  xFrameOptions: true,
  referrerPolicy: true,
  permissionsPolicy: true,
  crossOriginOpenerPolicy: true,
  crossOriginResourcePolicy: true,
  crossOriginEmbedderPolicy: true,
  xContentTypeOptions: true,
  xDnsPrefetchControl: true,
  originAgentCluster: true,
  xPermittedCrossDomainPolicies: true,
  hidePoweredBy: true,
};

/** Middleware that adds CSP, HSTS, framing, referrer, permissions and COOP/CORP headers to every response. */
export function securityHeaders(options: SecurityHeadersOptions = {}): Middleware {
  checkOptions('securityHeaders()', options, securityHeadersOptionsKeys);
  const fixed = staticHeaders(options);
  const csp = options.contentSecurityPolicy === undefined ? defaultCSP : options.contentSecurityPolicy;
  const cspHeader = options.cspReportOnly ? 'content-security-policy-report-only' : 'content-security-policy';
  if (csp && typeof csp === 'object') renderCSP(csp);
  return async (ctx, next) => {
    const response = mutableResponse(await next());
    for (const [name, value] of fixed) if (!response.headers.has(name)) response.headers.set(name, value);
    if (csp && !response.headers.has(cspHeader))
      response.headers.set(cspHeader, typeof csp === 'string' ? csp : renderCSP(csp, nonceOf(ctx)));
    if (options.hidePoweredBy !== false) {
      response.headers.delete('x-powered-by');
      response.headers.delete('server');
    }
    return response;
  };
}

/** The security plugin: `securityHeaders` on every request, plus a per-request CSP nonce when `nonce` is true. */
export function security(options: SecurityHeadersOptions & { nonce?: boolean } = {}): FwPluginConfig {
  const { nonce, ...headers } = options;
  if (nonce && (typeof headers.contentSecurityPolicy === 'string' || headers.contentSecurityPolicy === false)) {
    throw new TypeError(
      'security: nonce: true needs contentSecurityPolicy as directives ({ "default-src": ["\'self\'"], ... }) so each request\'s nonce can be added; ' +
        (headers.contentSecurityPolicy === false ? 'there is no policy to add it to' : 'a string policy is sent as written'),
    );
  }
  return {
    name: 'security',
    setup(app) {
      if (nonce) app.use(nonceMiddleware());
      app.use(securityHeaders(headers));
    },
  };
}
