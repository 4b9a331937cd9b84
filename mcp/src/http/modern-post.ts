import type { Context } from 'fw';
import { ErrorCode, RpcError, classify, errorOf, internalErrorOf, type JSONRPCRequest } from '../jsonrpc';
import { PROTOCOL_VERSION_META, hasEnvelope, readEnvelope } from '../modern/envelope';
import { withoutOWS } from '../modern/header-value';
import type { MCPServer } from '../server';
import { isModernVersion } from '../versions';
import { headerMismatch } from './mcp-headers';
import { RequestExchange } from './request-exchange';
import { accepted } from './responses';

/**
 * Whether a POST belongs to 2026-07-28: one message with the `_meta` envelope, a method only that version has, or
 * (but for `initialize`) an `MCP-Protocol-Version` header naming that era (then an unsupported one answers -32022).
 */
export function isModernPost(headers: Headers, body: unknown): boolean {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
  const message = body as { method?: unknown; params?: unknown };
  const params = message.params !== null && typeof message.params === 'object' ? (message.params as Record<string, unknown>) : undefined;
  // initialize opens the legacy era whatever its header says; with the envelope it is a 2026-07-28 request (-32601 there).
  if (message.method === 'initialize') return hasEnvelope(params);
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

/**
 * What the transport refuses before the server sees a request: a header version other than the body's (-32020, whether
 * or not either is spoken), an unsupported version (-32022), a missing envelope (-32602), other headers (-32020).
 */
function preflight(headers: Headers, request: JSONRPCRequest): RpcError | null {
  const sent = headers.get('mcp-protocol-version');
  const header = sent === null ? null : withoutOWS(sent);
  const body = request.params?._meta?.[PROTOCOL_VERSION_META];
  if (header !== null && typeof body === 'string' && header !== body)
    return new RpcError(
      ErrorCode.HeaderMismatch,
      `Header mismatch: MCP-Protocol-Version header value ${JSON.stringify(header.slice(0, 40))} does not match body value ${JSON.stringify(body.slice(0, 40))}`,
    );
  try {
    const envelope = readEnvelope(request.params?._meta, header);
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
  server.handle(request, exchange, exchange).then(
    (answer) => exchange.finish(answer),
    (error) => exchange.finish(internalErrorOf(request.id, error)),
  );
  return exchange.response;
}
