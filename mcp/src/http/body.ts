import { ErrorCode } from '../jsonrpc';
import { rpcErrorResponse } from './responses';

/**
 * Whether a Content-Type names JSON (`application/json`, parameters allowed). Anything else, or none, is refused:
 * `text/plain`, forms and bodies without a type are what a browser may POST cross-origin without a CORS preflight.
 */
function isJSONType(contentType: string | null): boolean {
  return contentType !== null && contentType.split(';')[0].trim().toLowerCase() === 'application/json';
}

/** Reads and parses a POST body; a Response (415 or 400) when it is not declared as JSON or is not JSON. */
export async function readJSON(request: Request): Promise<unknown | Response> {
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
