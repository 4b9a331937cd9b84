import type { Context } from 'fw';

interface PlatformEnv {
  incoming?: { socket?: { remoteAddress?: string } };
  server?: { requestIP?: (request: Request) => { address?: string } | null };
  event?: { requestContext?: { http?: { sourceIp?: string }; identity?: { sourceIp?: string } } };
}

/**
 * The address of the peer that sent this request, as the target saw it: the socket on Node, `server.requestIP`
 * on Bun, the API Gateway source IP on Lambda, CF-Connecting-IP on workers (set by Cloudflare's edge, recognised
 * by the `cf` object only workers requests carry); null when the platform gives none (in-process requests).
 */
export function peerAddress(ctx: Context): string | null {
  const env = (ctx.env ?? {}) as PlatformEnv;
  const node = env.incoming?.socket?.remoteAddress;
  if (node) return node;
  const bun = env.server?.requestIP?.(ctx.request)?.address;
  if (bun) return bun;
  const lambda = env.event?.requestContext?.http?.sourceIp ?? env.event?.requestContext?.identity?.sourceIp;
  if (lambda) return lambda;
  if ((ctx.request as Request & { cf?: unknown }).cf !== undefined) return ctx.header('cf-connecting-ip');
  return null;
}
