import type { RateLimitResult } from './types';

/** The answer of a fixed-window store for a request that made the window's count `count`, shared by every such store. */
export function windowResult(max: number, count: number, resetAt: number, now: number): RateLimitResult {
  const allowed = count <= max;
  return { allowed, limit: max, remaining: Math.max(0, max - count), resetAt, retryAfterMs: allowed ? 0 : resetAt - now };
}
