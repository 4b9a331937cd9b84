import type { Context } from '../core/context';
import { fromLoadBalancer, peerAddress } from '../web/peer-address';
import { plainAddress } from './address';

/** The headers through which a client may claim where a request came from; dropped unless `trustProxy()` vouched for them. */
const claims = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-real-ip'];

/** The X-Forwarded-For entries `trustProxy()` walked (from the client it settled on to the nearest hop); none when it did not run or trusted no hop. */
function verifiedChain(ctx: Context, peer: string | null): string[] {
  if (ctx.ip === undefined || ctx.ip === null || peer === null || ctx.ip === plainAddress(peer)) return [];
  const chain = (ctx.header('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (fromLoadBalancer(ctx)) chain.pop();
  for (let i = chain.length - 1; i >= 0; i--) if (plainAddress(chain[i]) === ctx.ip) return chain.slice(i);
  return [];
}

/**
 * Sets X-Forwarded-For, -Host and -Proto on the upstream request from what the target knows: the peer address
 * (`peerAddress`), the Host and the scheme the request came in with. Whatever the client sent in these headers
 * (and Forwarded, X-Forwarded-Port, X-Real-IP) is dropped, except the part `trustProxy()` verified: with it, the
 * X-Forwarded-For entries it walked come first, the scheme is `ctx.protocol`, and the X-Forwarded-Host a trusted
 * proxy sent is kept.
 */
export function setForwarded(ctx: Context, headers: Headers, send: boolean): void {
  const trustedHost = ctx.header('x-forwarded-host');
  for (const name of claims) headers.delete(name);
  if (!send) return;
  const url = new URL(ctx.request.url);
  const peer = peerAddress(ctx);
  const chain = verifiedChain(ctx, peer);
  if (peer !== null) chain.push(plainAddress(peer));
  if (chain.length > 0) headers.set('x-forwarded-for', chain.join(', '));
  const host = chain.length > 1 && trustedHost !== null ? trustedHost.split(',').pop()!.trim() : url.host;
  headers.set('x-forwarded-host', host);
  headers.set('x-forwarded-proto', ctx.protocol ?? url.protocol.slice(0, -1));
}
