import { ErrorCode } from '../jsonrpc';
import { rpcErrorResponse } from './responses';

/**
 * Whether a Content-Type names JSON (`application/json`, parameters allowed). Anything else, or none, is refused:
 * `text/plain`, forms and bodies without a type are what a browser may POST cross-origin without a CORS preflight.
 */
function isJSONType(contentType: string | null): boolean {
  return contentType !== null && contentType.split(';')[0].trim().toLowerCase() === 'application/json';
}

/** Bodies read ahead by `peekJSON`, for the handler's `readJSON` of the same Request. */
const peeked = new WeakMap<Request, Promise<unknown | Response>>();

/**
 * Reads and parses a POST body (once: a body `peekJSON` already read is handed over); a Response (415 or 400) when it
 * is not declared as JSON or is not JSON.
 */
export function readJSON(request: Request): Promise<unknown | Response> {
  return peeked.get(request) ?? parseJSON(request);
}

/** Reads a POST body before its handler does (the OAuth scope check), leaving it for the handler's `readJSON`. */
export function peekJSON(request: Request): Promise<unknown | Response> {
  const body = parseJSON(request);
  peeked.set(request, body);
  return body;
}

async function parseJSON(request: Request): Promise<unknown | Response> {
  const contentType = request.headers.get('content-type');
  if (!isJSONType(contentType)) {
    return rpcErrorResponse(
      415,
      ErrorCode.InvalidRequest,
      `Unsupported Media Type: send the JSON-RPC message with Content-Type: application/json (got ${contentType === null ? 'none' : JSON.stringify(contentType)})`,
      { accept: 'application/json' },
    );
  }
  const text = await request.text();
  try {
    return JSON.parse(text);
  } catch {
    return rpcErrorResponse(400, ErrorCode.ParseError, 'Parse error: the body is not valid JSON');
  }
}
