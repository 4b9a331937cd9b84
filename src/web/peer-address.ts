import type { Context } from '../core/context';

interface PlatformEnv {
  incoming?: { socket?: { remoteAddress?: string } };
  server?: { requestIP?: (request: Request) => { address?: string } | null };
  event?: { requestContext?: { http?: { sourceIp?: string }; identity?: { sourceIp?: string }; elb?: unknown } };
}

/** Peer addresses given to in-process Requests by the code that made them for a client (see `assignPeerAddress`). */
const assigned = new WeakMap<Request, string>();

/**
 * Gives a Request made in process on behalf of a client (fw-mcp's tool calls into the app) that client's address,
 * so `peerAddress`, `trustProxy()` and the rate limiter's default key count it against the same client instead of
 * finding no address. Only code can call it; nothing a client sends reaches it.
 */
export function assignPeerAddress(request: Request, address: string): void {
  assigned.set(request, address);
}

/** Whether the request is a Lambda event from an Application Load Balancer (it carries no source IP of its own). */
export function fromLoadBalancer(ctx: Context): boolean {
  return (ctx.env as PlatformEnv | undefined)?.event?.requestContext?.elb !== undefined;
}

/** The last entry of X-Forwarded-For: the address the nearest proxy appended. */
function lastForwarded(ctx: Context): string | null {
  return ctx.header('x-forwarded-for')?.split(',').pop()?.trim() || null;
}

/**
 * The address of the peer that sent this request, as the target saw it: the socket on Node, `server.requestIP`
 * on Bun, the API Gateway or function URL source IP on Lambda (behind an Application Load Balancer, the
 * X-Forwarded-For entry the balancer appended, the last one), CF-Connecting-IP on workers (set by Cloudflare's edge,
 * recognised by the `cf` object only workers requests carry); for an in-process Request, the address
 * `assignPeerAddress` gave it; null when none of these is known (a plain `app.request`).
 */
export function peerAddress(ctx: Context): string | null {
  const given = assigned.get(ctx.request);
  if (given !== undefined) return given;
  const env = (ctx.env ?? {}) as PlatformEnv;
  const node = env.incoming?.socket?.remoteAddress;
  if (node) return node;
  const bun = typeof env.server?.requestIP === 'function' ? env.server.requestIP(ctx.request)?.address : undefined;
  if (bun) return bun;
  const lambda = env.event?.requestContext;
  if (lambda?.http?.sourceIp) return lambda.http.sourceIp;
  if (lambda?.identity?.sourceIp) return lambda.identity.sourceIp;
  if (lambda?.elb !== undefined) return lastForwarded(ctx);
  if ((ctx.request as Request & { cf?: unknown }).cf != null) return ctx.header('cf-connecting-ip');
  return null;
}
