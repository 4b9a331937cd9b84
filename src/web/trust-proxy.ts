import type { Context } from '../core/context';
import type { Middleware } from '../core/types';
import { ipMatcher, normalizeIp } from './ip';
import { fromLoadBalancer, peerAddress } from './peer-address';

/** Options of `trustProxy()`: which hops may speak for the client. */
export interface TrustProxyOptions {
  /** Proxy addresses, CIDR ranges or names (`loopback`, `private`, `linklocal`), or a test (default `['loopback']`). */
  trusted?: string[] | ((ip: string) => boolean);
  /** Instead of `trusted`: trust exactly this many nearest hops, whatever their address (platforms with changing proxy IPs). */
  hops?: number;
  /** The peer address of a request (default: what the target reports; see `peerAddress`). */
  remoteAddress?: (ctx: Context) => string | null;
}

declare module '../core/context' {
  interface Context<Env, State> {
    /** The client address (with `trustProxy`): forwarded-for honoured only through trusted hops; null when unknown. */
    ip?: string | null;
    /** `http` or `https` as the client used it (with `trustProxy`): forwarded-proto honoured only from a trusted peer. */
    protocol?: string;
  }
}

function forwardedFor(ctx: Context): string[] {
  const header = ctx.header('x-forwarded-for');
  return header === null
    ? []
    : header
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
}

/**
 * Sets `ctx.ip` and `ctx.protocol`. The client address is found by walking X-Forwarded-For from the right,
 * starting at the peer, for as long as the current hop is trusted; an entry that is not an IP address stops the walk.
 * X-Forwarded-Proto is read only when the peer is trusted, from the entry the last trusted hop appended. From an
 * untrusted peer both headers are ignored, so a client cannot spoof its address or scheme.
 */
export function trustProxy(options: TrustProxyOptions = {}): Middleware {
  if (options.hops !== undefined && options.trusted !== undefined) throw new TypeError('trustProxy: give either trusted or hops, not both');
  if (options.hops !== undefined && (!Number.isSafeInteger(options.hops) || options.hops < 0))
    throw new TypeError(`trustProxy: hops must be a whole number >= 0, got ${String(options.hops)}`);
  const trusted = options.trusted ?? ['loopback'];
  const matches = typeof trusted === 'function' ? trusted : ipMatcher(trusted);
  const isTrusted = (ip: string, hop: number): boolean => (options.hops !== undefined ? hop < options.hops : matches(ip));
  const remote = options.remoteAddress ?? peerAddress;

  return (ctx, next) => {
    const scheme = ctx.request.url.startsWith('https:') ? 'https' : 'http';
    const raw = remote(ctx);
    const peer = raw === null ? null : normalizeIp(raw);
    ctx.protocol = scheme;
    ctx.ip = peer;
    if (peer === null || !isTrusted(peer, 0)) return next();

    const chain = forwardedFor(ctx);
    // Behind an ALB the peer is the entry the balancer appended: the walk goes on from the one before it.
    if (remote === peerAddress && fromLoadBalancer(ctx)) chain.pop();
    let ip = peer;
    let hops = 0;
    for (let i = chain.length - 1; i >= 0 && isTrusted(ip, hops); i--) {
      const previous = normalizeIp(chain[i]);
      if (previous === null) break;
      ip = previous;
      hops++;
    }
    ctx.ip = ip;

    const protos = (ctx.header('x-forwarded-proto') ?? '')
      .split(',')
      .map((p) => p.trim().toLowerCase())
      .filter(Boolean);
    const proto = protos[Math.max(0, protos.length - Math.max(1, hops))];
    if (proto === 'http' || proto === 'https') ctx.protocol = proto;
    return next();
  };
}
