import { ErrorCode } from '../jsonrpc';
import { rpcErrorResponse } from './error-response';

/**
 * Whether a Content-Type names JSON (`application/json`, parameters allowed). Anything else, or none, is refused:
 * `text/plain`, forms and bodies without a type are what a browser may POST cross-origin without a CORS preflight.
 */
function isJSONType(contentType: string | null): boolean {
  if (contentType === 'application/json') return true;
  return contentType !== null && contentType.split(';')[0].trim().toLowerCase() === 'application/json';
}

/** Bodies read ahead by `peekJSON`, for the handler's `readJSON` of the same Request. */
const peeked = new WeakMap<Request, Promise<unknown | Response>>();

/** The body limit of each request an MCP route received (set by the plugin before any check reads the body). */
const limits = new WeakMap<Request, number>();

/** The 413 of a body over the limit, with a JSON-RPC error body. */
export function tooLarge(reason: string): Response {
  return rpcErrorResponse(413, ErrorCode.InvalidRequest, `Payload Too Large: ${reason}; send a smaller request`);
}

/**
 * Sets the largest body `readJSON` and `peekJSON` accept for this request; a declared Content-Length over it is
 * answered 413 at once (nothing read), else null.
 */
export function limitBody(request: Request, limit: number): Response | null {
  limits.set(request, limit);
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) return tooLarge(`the request body is larger than the limit of ${limit} bytes`);
  return null;
}

/**
 * Reads a POST body (once: a body `peekJSON` already read is handed over) within its limit, and parses it; a Response
 * when it is not declared as JSON (415), too large (413) or not JSON (400).
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

/** The body counted as it arrives: the 413 as soon as more than `limit` bytes did. */
async function readCounted(body: ReadableStream<Uint8Array>, limit: number): Promise<string | Response> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let received = 0;
  let text = '';
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    received += read.value.byteLength;
    if (received > limit) {
      reader.cancel().catch(() => undefined);
      return tooLarge(`the request body is larger than the limit of ${limit} bytes`);
    }
    text += decoder.decode(read.value, { stream: true });
  }
  return text + decoder.decode();
}

/**
 * The body as text within `limit` (read whole through the platform when its declared length is within it, which
 * `limitBody` checked), or the 413, also when the platform's own limit (fw/node's, fw/bun's) refused it first.
 */
function readText(request: Request, limit: number | undefined): Promise<string | Response> {
  const read =
    limit === undefined || limit === Infinity || request.headers.get('content-length') !== null || request.body === null
      ? request.text()
      : readCounted(request.body, limit);
  return read.catch(refusedByPlatform);
}

/** The 413 of a body the platform's own limit refused (fw/node's, fw/bun's); any other read failure stays one. */
function refusedByPlatform(error: unknown): Response {
  if ((error as { status?: unknown } | null)?.status === 413) return tooLarge((error as Error).message);
  throw error;
}

/** The parsed body, or the 400 of one that is not JSON (the text of a 413 passes through). */
function parsed(text: string | Response): unknown | Response {
  if (text instanceof Response) return text;
  try {
    return JSON.parse(text);
  } catch {
    return rpcErrorResponse(400, ErrorCode.ParseError, 'Parse error: the body is not valid JSON');
  }
}

function parseJSON(request: Request): Promise<unknown | Response> {
  const contentType = request.headers.get('content-type');
  if (!isJSONType(contentType)) {
    return Promise.resolve(
      rpcErrorResponse(
        415,
        ErrorCode.InvalidRequest,
        `Unsupported Media Type: send the JSON-RPC message with Content-Type: application/json (got ${contentType === null ? 'none' : JSON.stringify(contentType)})`,
        { accept: 'application/json' },
      ),
    );
  }
  // Promise chains, not async functions: two fewer hops on every MCP POST.
  return readText(request, limits.get(request)).then(parsed);
}
