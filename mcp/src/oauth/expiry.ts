import type { MCPAuthInfo } from '../auth/info';

/** The longest delay setTimeout takes (2^31 - 1 ms, about 24.8 days); a later expiry is waited for in steps. */
const MAX_DELAY_MS = 2_147_483_647;

/**
 * Calls `expire` when the access token that opened a long-lived stream expires (its `exp`), so the stream does not
 * outlive the token it was checked with; returns the cancel function to call when the stream ends first. Nothing is
 * scheduled without OAuth or for a token without `exp`.
 */
export function onTokenExpiry(auth: MCPAuthInfo | undefined, expire: () => void): () => void {
  const expiresAt = auth?.expiresAt;
  if (expiresAt === undefined) return () => {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    const left = expiresAt * 1000 - Date.now();
    timer = left > MAX_DELAY_MS ? setTimeout(arm, MAX_DELAY_MS) : setTimeout(expire, Math.max(0, left));
  };
  arm();
  return () => clearTimeout(timer);
}
