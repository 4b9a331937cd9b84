import type { Context } from 'fw';

/** What the targets hand `app.fetch` as `env`, as far as the client address goes. */
interface TargetEnv {
  incoming?: { socket?: { remoteAddress?: string } };
  server?: { requestIP?: (request: Request) => { address?: string } | null };
  event?: { requestContext?: { http?: { sourceIp?: string }; identity?: { sourceIp?: string }; elb?: unknown } };
}

function lastEntry(list: string | null): string | null {
  const last = list?.split(',').pop()?.trim();
  return last ? last : null;
}

/**
 * The client address as the target itself knows it, never from a header the client controls: the socket on Node,
 * `server.requestIP` on Bun, the API Gateway source IP on Lambda (behind an ALB, the X-Forwarded-For entry the ALB
 * appended, the last one), CF-Connecting-IP on workers (only when the request carries Cloudflare's `cf` object);
 * null when the target gives none (an in-process `app.request`).
 */
export function targetAddress(ctx: Context): string | null {
  const env = (ctx.env ?? {}) as TargetEnv;
  const socket = env.incoming?.socket?.remoteAddress;
  if (socket) return socket;
  const bun = typeof env.server?.requestIP === 'function' ? env.server.requestIP(ctx.request)?.address : undefined;
  if (bun) return bun;
  const lambda = env.event?.requestContext;
  if (lambda?.http?.sourceIp) return lambda.http.sourceIp;
  if (lambda?.identity?.sourceIp) return lambda.identity.sourceIp;
  if (lambda?.elb !== undefined) return lastEntry(ctx.request.headers.get('x-forwarded-for'));
  if ((ctx.request as Request & { cf?: unknown }).cf != null) return ctx.request.headers.get('cf-connecting-ip');
  return null;
}

/**
 * The default rate-limit key: `ctx.ip` when the app trusts its proxies (fw's `trustProxy()` middleware set it),
 * else the target's own address, else `unknown` (one shared bucket). X-Forwarded-For is never read directly.
 */
export function clientKey(ctx: Context): string {
  const trusted = (ctx as { ip?: unknown }).ip;
  if (typeof trusted === 'string' && trusted !== '') return trusted;
  return targetAddress(ctx) ?? 'unknown';
}
