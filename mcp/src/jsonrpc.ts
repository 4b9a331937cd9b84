/** JSON-RPC 2.0 messages as MCP uses them, the error codes of the protocol, and small builders. */

/** A request or notification id. */
export type RequestId = string | number;

/** A call that expects an answer. */
export interface JSONRPCRequest {
  jsonrpc: '2.0';
  id: RequestId;
  method: string;
  params?: Record<string, any>;
}

/** A one-way message. */
export interface JSONRPCNotification {
  jsonrpc: '2.0';
  method: string;
  params?: Record<string, any>;
}

/** A successful answer. */
export interface JSONRPCResult {
  jsonrpc: '2.0';
  id: RequestId;
  result: Record<string, any>;
}

/** A failed answer; `id` is null when the request could not be read. */
export interface JSONRPCError {
  jsonrpc: '2.0';
  id: RequestId | null;
  error: { code: number; message: string; data?: unknown };
}

/** Any answer. */
export type JSONRPCResponse = JSONRPCResult | JSONRPCError;

/** Anything either side may send. */
export type JSONRPCMessage = JSONRPCRequest | JSONRPCNotification | JSONRPCResponse;

/** The error codes the server answers with. */
export const ErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  /** Server-defined: the request was cancelled, timed out, or a server-to-client request had no way through. */
  RequestFailed: -32000,
  /** Server-defined: the Bearer token is missing or wrong. */
  Unauthorized: -32001,
  /** Resource not found before 2026-07-28 (that version answers -32602 instead). */
  ResourceNotFound: -32002,
  /** 2026-07-28: HTTP headers missing, malformed, or not matching the body. */
  HeaderMismatch: -32020,
  /** 2026-07-28: the request needs a client capability its `_meta` did not declare. */
  MissingRequiredClientCapability: -32021,
  /** 2026-07-28: a protocol version the server does not speak (with `data.supported`). */
  UnsupportedProtocolVersion: -32022,
  /**
   * fw's own (outside the JSON-RPC reserved range, as 2026-07-28 asks of codes it does not define): too many requests
   * for this client key, with HTTP 429. The number echoes the status.
   */
  RateLimited: -31429,
} as const;

/** An error that becomes a JSON-RPC error response (thrown by handlers to fail the request itself). */
export class RpcError extends Error {
  readonly code: number;
  readonly data?: unknown;

  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.name = 'RpcError';
    this.code = code;
    this.data = data;
  }
}

/** Builds a success response. */
export function resultOf(id: RequestId, result: Record<string, any>): JSONRPCResult {
  return { jsonrpc: '2.0', id, result };
}

/** Builds an error response. */
export function errorOf(id: RequestId | null, code: number, message: string, data?: unknown): JSONRPCError {
  const error: JSONRPCError['error'] = { code, message };
  if (data !== undefined) error.data = data;
  return { jsonrpc: '2.0', id, error };
}

/** The error response of a request whose handling threw: an RpcError as it is, anything else as -32603 naming the method. */
export function failureOf(id: RequestId, method: string, error: unknown): JSONRPCError {
  if (error instanceof RpcError) return errorOf(id, error.code, error.message, error.data);
  return errorOf(id, ErrorCode.InternalError, `Internal error in ${method}: ${error instanceof Error ? error.message : String(error)}`);
}

/** The -32603 answer a transport gives when handling failed outside any handler (its last resort, so nothing goes unanswered). */
export function internalErrorOf(id: RequestId | null, error: unknown): JSONRPCError {
  return errorOf(
    id,
    ErrorCode.InternalError,
    `Internal error: ${error instanceof Error ? error.message : 'the request could not be handled'}`,
  );
}

/** Builds a notification. */
export function notificationOf(method: string, params?: Record<string, any>): JSONRPCNotification {
  return params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params };
}

function isId(value: unknown): value is RequestId {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

/** What a decoded value is, or the reason it is not a valid JSON-RPC message. */
export type Classified =
  | { kind: 'request'; message: JSONRPCRequest }
  | { kind: 'notification'; message: JSONRPCNotification }
  | { kind: 'response'; message: JSONRPCResponse }
  | { kind: 'invalid'; id: RequestId | null; reason: string };

/** Sorts a parsed value into request, notification, response or invalid (with a reason for the error body). */
export function classify(value: unknown): Classified {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { kind: 'invalid', id: null, reason: 'A JSON-RPC message must be an object' };
  }
  const m = value as Record<string, unknown>;
  const id = isId(m.id) ? m.id : null;
  if (m.jsonrpc !== '2.0') return { kind: 'invalid', id, reason: 'The "jsonrpc" member must be "2.0"' };
  if ('method' in m) {
    if (typeof m.method !== 'string' || m.method === '')
      return { kind: 'invalid', id, reason: 'The "method" member must be a non-empty string' };
    if (m.params !== undefined && (m.params === null || typeof m.params !== 'object' || Array.isArray(m.params))) {
      return { kind: 'invalid', id, reason: 'The "params" member must be an object' };
    }
    if (!('id' in m)) return { kind: 'notification', message: m as unknown as JSONRPCNotification };
    if (!isId(m.id)) return { kind: 'invalid', id: null, reason: 'The "id" member must be a string or a number' };
    return { kind: 'request', message: m as unknown as JSONRPCRequest };
  }
  if (('result' in m || 'error' in m) && (isId(m.id) || m.id === null)) {
    return { kind: 'response', message: m as unknown as JSONRPCResponse };
  }
  return { kind: 'invalid', id, reason: 'Not a request, a notification or a response' };
}
