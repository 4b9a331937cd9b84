import { ErrorCode } from '../jsonrpc';
import { rpcErrorResponse } from './responses';

/** Reads and parses a POST body; a Response when it is not JSON. */
export async function readJSON(request: Request): Promise<unknown | Response> {
  const text = await request.text();
  try {
    return JSON.parse(text);
  } catch {
    return rpcErrorResponse(400, ErrorCode.ParseError, 'Parse error: the body is not valid JSON');
  }
}
