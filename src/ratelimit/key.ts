import type { Context } from 'fw';

/** Keys longer than this are replaced by their SHA-256, so a huge header cannot make a huge store key. */
const MAX_KEY_LENGTH = 128;

/**
 * The default client key: `ctx.ip` when `trustProxy` set it, else the first X-Forwarded-For entry, else X-Real-IP,
 * else `local`. Without trustProxy the forwarded headers are whatever the client sent: mount trustProxy in front.
 */
export function defaultKey(ctx: Context): string {
  const ip = (ctx as { ip?: unknown }).ip;
  if (typeof ip === 'string' && ip !== '') return ip;
  const forwarded = ctx.header('x-forwarded-for')?.split(',')[0]?.trim();
  if (forwarded) return forwarded;
  return ctx.header('x-real-ip')?.trim() || 'local';
}

/** A store-safe form of a key: short keys as they are, long ones as `sha256:<hex>`. */
export async function storeKey(key: string): Promise<string> {
  if (key.length <= MAX_KEY_LENGTH) return key;
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key)));
  return `sha256:${Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
