import type { Context } from 'fw';
import { ErrorCode, classify, errorOf, type JSONRPCError } from '../jsonrpc';
import { batchTooLarge } from '../limits';
import { rpcErrorResponse } from '../http-json/error-response';
import { jsonResponse } from './responses';

/** The messages of a POST body, and whether they came as a batch. */
export interface Admitted {
  messages: unknown[];
  batch: boolean;
}

/** The -32600 errors of a POST whose messages are all invalid (one per message); null when at least one is valid. */
function allInvalid(messages: unknown[]): JSONRPCError[] | null {
  if (messages.some((message) => classify(message).kind !== 'invalid')) return null;
  return messages.map((message) => {
    const sorted = classify(message) as { id: JSONRPCError['id']; reason: string };
    return errorOf(sorted.id, ErrorCode.InvalidRequest, `Invalid request: ${sorted.reason}`);
  });
}

/**
 * The checks of a POST body before any message is handled: a batch over `maxBatchSize` or empty is one -32600 error
 * with HTTP 400; a body whose messages are all invalid JSON-RPC (`null`, a number, no `jsonrpc`, an object `id`, …)
 * is HTTP 400 with a -32600 error per message (an array for a batch). A batch mixing valid and invalid messages goes
 * on: each invalid one is answered with its -32600 error among the others' answers (JSON-RPC 2.0 batch semantics).
 */
export function admitMessages(body: unknown, maxBatchSize: number, ctx: Context): Admitted | Response {
  const batch = Array.isArray(body);
  const messages: unknown[] = batch ? body : [body];
  if (messages.length > maxBatchSize) return rpcErrorResponse(400, ErrorCode.InvalidRequest, batchTooLarge(messages.length, maxBatchSize));
  if (messages.length === 0) return rpcErrorResponse(400, ErrorCode.InvalidRequest, 'Invalid request: an empty batch');
  const invalid = allInvalid(messages);
  if (invalid !== null) return jsonResponse(batch ? invalid : invalid[0], undefined, ctx, 400);
  return { messages, batch };
}
