import { errorOf, type JSONRPCMessage } from '../jsonrpc';

const jsonType = { 'content-type': 'application/json' };

/** An HTTP response carrying one JSON-RPC message or a batch. */
export function jsonResponse(body: JSONRPCMessage | JSONRPCMessage[], headers?: Record<string, string>): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: headers ? { ...jsonType, ...headers } : jsonType });
}

/** An HTTP error whose body is a JSON-RPC error (id null), so MCP clients can show the reason. */
export function rpcErrorResponse(status: number, code: number, message: string, headers?: Record<string, string>): Response {
  return new Response(JSON.stringify(errorOf(null, code, message)), { status, headers: headers ? { ...jsonType, ...headers } : jsonType });
}

/** 202 Accepted with no body: the answer to POSTed notifications and responses. */
export function accepted(headers?: Record<string, string>): Response {
  return new Response(null, { status: 202, headers });
}
