import type { RateLimitResult } from './types';

/** Which rate-limit header fields a limiter sends: `legacy` X-RateLimit-*, the IETF `draft` fields, or `both`. */
export type HeaderSet = 'legacy' | 'draft' | 'both';

/** A policy name the draft fields can carry as a Structured Field String without escaping. */
const POLICY_NAME = /^[A-Za-z0-9_.:-]{1,64}$/;

/** A Structured Field String (RFC 9651 §3.3.3): quoted, `\\` and `"` escaped, anything but printable ASCII as `?`. */
function sfString(value: string): string {
  return `"${value.replace(/[^\x20-\x7e]/g, '?').replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

/** Checks the `headers` and `policyName` options; `true` (and nothing) means `legacy`, `false` none. */
export function headerSet(value: unknown): HeaderSet | null {
  if (value === undefined || value === true) return 'legacy';
  if (value === false) return null;
  if (value === 'legacy' || value === 'draft' || value === 'both') return value;
  throw new TypeError(`rateLimit: headers must be true, false, "legacy", "draft" or "both", got ${JSON.stringify(value)}`);
}

/** Checks `policyName` (default `default`): letters, digits and `_ . : -`, so the field needs no escaping. */
export function policyName(value: unknown): string {
  if (value === undefined) return 'default';
  if (typeof value === 'string' && POLICY_NAME.test(value)) return value;
  throw new TypeError(`rateLimit: policyName must be 1 to 64 letters, digits or _ . : -, got ${JSON.stringify(value)}`);
}

/**
 * The rate-limit header fields of one counted request. Legacy: `X-RateLimit-Limit`, `-Remaining`, `-Reset` (epoch
 * seconds). Draft (draft-ietf-httpapi-ratelimit-headers, Structured Fields): `RateLimit-Policy: "<name>";q=<quota>;w=<window s>`
 * (`w` left out when the store has no fixed window) and `RateLimit: "<name>";r=<remaining>;t=<seconds to reset>`.
 */
export function rateLimitHeaders(
  set: HeaderSet | null,
  name: string,
  result: RateLimitResult,
  windowMs: number | undefined,
  now: number,
): Record<string, string> {
  if (set === null) return {};
  const headers: Record<string, string> = {};
  if (set !== 'draft') {
    headers['x-ratelimit-limit'] = String(result.limit);
    headers['x-ratelimit-remaining'] = String(result.remaining);
    headers['x-ratelimit-reset'] = String(Math.ceil(result.resetAt / 1000));
  }
  if (set !== 'legacy') {
    const window = windowMs === undefined ? '' : `;w=${Math.max(1, Math.ceil(windowMs / 1000))}`;
    headers['ratelimit-policy'] = `${sfString(name)};q=${result.limit}${window}`;
    headers.ratelimit = `${sfString(name)};r=${result.remaining};t=${Math.max(0, Math.ceil((result.resetAt - now) / 1000))}`;
  }
  return headers;
}

/** The fixed window of a store, from what its `limits()` reports (undefined for token buckets and tenant stores). */
export function storeWindowMs(limits: Record<string, unknown>): number | undefined {
  return typeof limits.windowMs === 'number' ? limits.windowMs : undefined;
}
