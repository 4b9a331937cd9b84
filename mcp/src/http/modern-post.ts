import type { Context } from 'fw';
import { ErrorCode, RpcError, classify, errorOf, type JSONRPCRequest } from '../jsonrpc';
import { hasEnvelope, readEnvelope } from '../modern/envelope';
import type { MCPServer } from '../server';
import { isModernVersion } from '../versions';
import { headerMismatch } from './mcp-headers';
import { RequestExchange } from './request-exchange';
import { accepted } from './responses';

/**
 * Whether a POST belongs to 2026-07-28: one message (not `initialize`) with the `_meta` envelope, a method only that
 * version has, or an `MCP-Protocol-Version` header naming that era (then an unsupported one answers -32022).
 */
export function isModernPost(headers: Headers, body: unknown): boolean {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
  const message = body as { method?: unknown; params?: unknown };
  if (message.method === 'initialize') return false;
  const params = message.params !== null && typeof message.params === 'object' ? (message.params as Record<string, unknown>) : undefined;
  return (
    isModernVersion(headers.get('mcp-protocol-version')) ||
    hasEnvelope(params) ||
    message.method === 'server/discover' ||
    message.method === 'subscriptions/listen'
  );
}

function refusal(status: number, id: JSONRPCRequest['id'] | null, error: RpcError): Response {
  return new Response(JSON.stringify(errorOf(id, error.code, error.message, error.data)), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** What the transport refuses before the server sees a request: its version (-32022), its envelope (-32602), its headers (-32020). */
function preflight(headers: Headers, request: JSONRPCRequest): RpcError | null {
  try {
    const envelope = readEnvelope(request.params?._meta, headers.get('mcp-protocol-version'));
    const mismatch = headerMismatch(headers, request, envelope.version);
    return mismatch === null ? null : new RpcError(ErrorCode.HeaderMismatch, mismatch);
  } catch (error) {
    return error as RpcError;
  }
}

/**
 * A 2026-07-28 POST on the shared endpoint: stateless (any `Mcp-Session-Id` is ignored, nothing is kept), checked
 * as the spec's server validation asks (400 with the request's id for a bad version, envelope or header), then
 * answered through a `RequestExchange`; notifications get 202.
 */
export async function modernPost(server: MCPServer, ctx: Context, body: unknown): Promise<Response> {
  const sorted = classify(body);
  if (sorted.kind === 'invalid')
    return refusal(400, sorted.id, new RpcError(ErrorCode.InvalidRequest, `Invalid request: ${sorted.reason}`));
  const exchange = new RequestExchange(ctx);
  if (sorted.kind !== 'request') {
    await server.handle(sorted.message, exchange);
    return accepted(undefined, ctx);
  }
  const request = sorted.message;
  const refused = preflight(ctx.request.headers, request);
  if (refused !== null) return refusal(400, request.id, refused);
  if (request.method === 'subscriptions/listen' && !exchange.streams)
    return refusal(
      400,
      request.id,
      new RpcError(ErrorCode.InvalidRequest, 'subscriptions/listen answers with an SSE stream: accept text/event-stream'),
    );
  server.handle(request, exchange, exchange).then((answer) => exchange.finish(answer));
  return exchange.response;
}
