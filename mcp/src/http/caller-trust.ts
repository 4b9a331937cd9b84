import type { Context } from 'fw';
import { targetAddress } from './client-address';
import { isLoopbackName } from './loopback';

const authenticating = new WeakSet<Request>();

/**
 * Records that a request came through an endpoint that authenticates every caller (`authToken`, `oauth` or
 * `authorize`): its handler runs only once those checks passed, so a request that reaches it is authenticated.
 */
export function markAuthenticatingEndpoint(request: Request): void {
  authenticating.add(request);
}

/**
 * Whether the connection itself came from this machine: the peer address the process accepted (the socket on Node,
 * `requestIP` on Bun) is loopback. Never the Host header or a forwarding header; on workers and Lambda (an execution
 * context) the address is one the platform's edge reports for a remote client, so it never counts.
 */
function loopbackPeer(ctx: Context): boolean {
  if (ctx.executionCtx !== undefined) return false;
  const address = targetAddress(ctx);
  return address !== null && isLoopbackName(address);
}

/**
 * Whether an MCP request may see the app's internals (runtime tools, workflows): it passed an authenticating
 * endpoint, or it arrived over loopback. An in-process request (no peer) without authentication is not trusted.
 */
export function callerTrusted(ctx: Context): boolean {
  return authenticating.has(ctx.request) || loopbackPeer(ctx);
}
