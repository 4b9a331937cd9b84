import { addressKey, peerAddress, type Context } from 'fw';

/**
 * The client address as the target itself knows it, never from a header the client controls: the socket on Node,
 * `server.requestIP` on Bun, the API Gateway source IP on Lambda (behind an ALB, the X-Forwarded-For entry the ALB
 * appended, the last one), CF-Connecting-IP on workers (only when the request carries Cloudflare's `cf` object);
 * null when the target gives none (an in-process `app.request`). fw's `peerAddress`, so both packages agree.
 */
export function targetAddress(ctx: Context): string | null {
  return peerAddress(ctx);
}

/**
 * The address of the client of an MCP request: `ctx.ip` when the app mounts fw's `trustProxy()` (forwarding headers
 * count only through it), else the target's own address; null when neither is known. In-process calls made for this
 * client hand it on with fw's `assignPeerAddress`, so the app's limits count them against the same client.
 */
export function callerAddress(ctx: Context): string | null {
  const trusted = (ctx as { ip?: string | null }).ip;
  return (trusted === undefined ? targetAddress(ctx) : trusted) || null;
}

/**
 * The default rate-limit key: the caller's address (`callerAddress`) as fw's rate limiter counts it (IPv6 by its /56).
 * X-Forwarded-For is never read directly. A request with no address throws (the app answers 500 and logs this
 * message), so clients never silently share one bucket.
 */
export function clientKey(ctx: Context): string {
  const address = callerAddress(ctx);
  if (address !== null) return addressKey(address);
  throw new Error(
    'fw-mcp rateLimit: this request has no client address (an in-process app.fetch() or app.request(), as in tests, ' +
      'and no trustProxy() address): pass rateLimitKey: (request, ctx) => ... (a fixed string in tests), or serve the ' +
      'app through a target that knows the peer (fw/node, fw/bun, fw/lambda, fw/worker on Cloudflare).',
  );
}
