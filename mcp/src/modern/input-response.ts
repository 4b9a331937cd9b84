import { ErrorCode, RpcError } from '../jsonrpc';

/** The requests a 2026-07-28 server may embed in an InputRequiredResult (the spec's InputRequest). */
export const INPUT_METHODS = ['elicitation/create', 'sampling/createMessage', 'roots/list'] as const;

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Why a client's answer to an input request is not the result that request needs (ElicitResult, CreateMessageResult, ListRootsResult); null when it is. */
function problem(method: string, response: Record<string, unknown>): string | null {
  switch (method) {
    case 'elicitation/create':
      if (!['accept', 'decline', 'cancel'].includes(response.action as string)) return '"action" must be accept, decline or cancel';
      return response.content === undefined || isObject(response.content) ? null : '"content" must be an object';
    case 'sampling/createMessage':
      if (response.role !== 'user' && response.role !== 'assistant') return '"role" must be user or assistant';
      return isObject(response.content) || Array.isArray(response.content) ? null : '"content" must be a content block or a list of them';
    default:
      return Array.isArray(response.roots) ? null : '"roots" must be a list';
  }
}

/** Checks one entry of `inputResponses` against the request it answers; -32602 naming the key otherwise. */
export function checkInputResponse(key: string, method: string, response: unknown): Record<string, unknown> {
  const why = isObject(response) ? problem(method, response) : 'expected an object';
  if (why !== null) throw new RpcError(ErrorCode.InvalidParams, `Invalid "inputResponses.${key}" (the answer to ${method}): ${why}`);
  return response as Record<string, unknown>;
}
