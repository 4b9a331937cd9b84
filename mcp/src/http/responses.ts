import { makeResponse, type Context } from 'fw';
import { encodeAnswer, encodeAnswers } from '../encode';
import type { JSONRPCResponse } from '../jsonrpc';

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

/** 202 Accepted with no body: the answer to POSTed notifications and responses. */
export function accepted(headers: Record<string, string> | undefined, ctx: Context): Response {
  return makeResponse(ctx, null, 202, headers ?? null);
}
