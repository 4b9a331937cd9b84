import type { Context } from '../core/context';
import { addressKey } from './address-key';
import { peerAddress } from '../web/peer-address';

/** Keys longer than this are replaced by their SHA-256, so a huge header cannot make a huge store key. */
const MAX_KEY_LENGTH = 128;

/** Why a request without a known address cannot be counted, and the three ways out. */
const NO_ADDRESS =
  'rateLimit(): this request has no client address to count it under: the target reports no peer address (an ' +
  'in-process app.fetch() or app.request(), as in tests) and no trustProxy() found one. Pass key: (ctx) => ... (a user ' +
  'id, an API key; a fixed string in tests), serve the app through a target that knows the peer (fw/node, fw/bun, ' +
  'fw/lambda, fw/worker on Cloudflare), or mount trustProxy() in front when a proxy forwards the client address.';

/**
 * The default client key: `ctx.ip` when `trustProxy()` ran in front (forwarded headers count only through it), else
 * the peer address the target knows (`peerAddress`), IPv6 grouped by `subnet`. A request with neither throws, so a
 * limiter never puts every client in one shared bucket: the app answers 500 and logs the error, which names the fix.
 */
export function defaultKey(subnet: number | false): (ctx: Context) => string {
  return (ctx) => {
    const trusted = (ctx as { ip?: string | null }).ip;
    const address = trusted === undefined ? peerAddress(ctx) : trusted;
    if (!address) throw new Error(NO_ADDRESS);
    return addressKey(address, subnet);
  };
}

/** A store-safe form of a key: short keys as they are, long ones as `sha256:<hex>`. */
export async function storeKey(key: string): Promise<string> {
  if (key.length <= MAX_KEY_LENGTH) return key;
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key)));
  return `sha256:${Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
