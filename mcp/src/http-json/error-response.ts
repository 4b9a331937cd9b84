import { errorOf } from '../jsonrpc';

const jsonType = { 'content-type': 'application/json' };

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
