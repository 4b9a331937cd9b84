import { makeResponse, type Context } from 'fw';
import { encodeAnswer, encodeAnswers } from '../encode';
import { errorOf, type JSONRPCResponse } from '../jsonrpc';

const jsonType = { 'content-type': 'application/json' };

/**
 * An HTTP response carrying one JSON-RPC answer or a batch (built by the core's factory, light on fw/node); an answer
 * JSON cannot hold goes out as a -32603 error for its id.
 */
export function jsonResponse(
  body: JSONRPCResponse | JSONRPCResponse[],
  headers: Record<string, string> | undefined,
  ctx: Context,
  status = 200,
): Response {
  const text = Array.isArray(body) ? encodeAnswers(body) : encodeAnswer(body);
  return makeResponse(ctx, text, status, headers ? { ...jsonType, ...headers } : 'application/json');
}

/** An HTTP error whose body is a JSON-RPC error (id null, `data` when given), so MCP clients can show the reason. */
export function rpcErrorResponse(
  status: number,
  code: number,
  message: string,
  headers?: Record<string, string>,
  data?: unknown,
): Response {
  return new Response(JSON.stringify(errorOf(null, code, message, data)), {
    status,
    headers: headers ? { ...jsonType, ...headers } : jsonType,
  });
}

/** 202 Accepted with no body: the answer to POSTed notifications and responses. */
export function accepted(headers: Record<string, string> | undefined, ctx: Context): Response {
  return makeResponse(ctx, null, 202, headers ?? null);
}
