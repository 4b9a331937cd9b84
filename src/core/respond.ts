import type { Context } from './context';
import { HttpError, defaultMessage, knownReason } from './errors';
import { TEXT_PLAIN, makeResponse } from './response-factory';
import { jsonFormat } from './formats';

/** Turns an object body into a response for one route: a compiled serializer, or null to use the negotiated format. */
export type ObjectSerializer = (ctx: Context, value: unknown) => Response | null;

/** Whether a value is a body the core sends as is (streams, blobs, buffers, form data), never through a serializer. */
export function isBinary(value: object): value is Blob | ArrayBuffer | ArrayBufferView | ReadableStream {
  return (
    value instanceof ReadableStream ||
    value instanceof Blob ||
    value instanceof ArrayBuffer ||
    ArrayBuffer.isView(value) ||
    value instanceof FormData ||
    value instanceof URLSearchParams
  );
}

export { TEXT_PLAIN };

/** Copies the status, headers and cookies a handler set on the context onto a Response it returned. */
export function applyContext(ctx: Context, response: Response): Response {
  if ((ctx.statusCode === 200 && ctx.responseHeaders === null && ctx.responseCookies === null) || response === ctx.helperResponse)
    return response;
  const headers = new Headers(response.headers);
  if (ctx.responseHeaders !== null) for (const k in ctx.responseHeaders) if (!headers.has(k)) headers.set(k, ctx.responseHeaders[k]);
  if (ctx.responseCookies !== null) for (const c of ctx.responseCookies) headers.append('set-cookie', c);
  const status = ctx.statusCode !== 200 && response.status === 200 ? ctx.statusCode : response.status;
  return new Response(response.body, { status, statusText: response.statusText, headers });
}

/** A Response with the headers and cookies the handler set on the context; their own content-type wins over `contentType`. */
export function withContext(ctx: Context<any, any, any>, body: BodyInit | null, status: number, contentType: string | null): Response {
  const own = ctx.responseHeaders;
  if (own === null && ctx.responseCookies === null) {
    return makeResponse(ctx, body, status, contentType);
  }
  const headers: [string, string][] = [];
  if (contentType !== null && (own === null || own['content-type'] === undefined)) headers.push(['content-type', contentType]);
  if (own !== null) for (const k in own) headers.push([k, own[k]]);
  if (ctx.responseCookies !== null) for (const c of ctx.responseCookies) headers.push(['set-cookie', c]);
  return makeResponse(ctx, body, status, headers);
}

/** Converts any handler return value into a Response, applying what the handler set on the context. */
export function toResponse(ctx: Context, value: unknown, serializer: ObjectSerializer | null): Response {
  if (typeof value === 'string') return withContext(ctx, value, ctx.statusCode, TEXT_PLAIN);
  if (value === undefined || value === null) return withContext(ctx, null, ctx.statusCode === 200 ? 204 : ctx.statusCode, null);
  if (typeof value === 'object') {
    const plain = value.constructor === Object || Array.isArray(value);
    if (!plain) {
      if (value instanceof Response) return applyContext(ctx, value);
      if (isBinary(value)) {
        const type =
          value instanceof Blob && value.type
            ? value.type
            : value instanceof FormData || value instanceof URLSearchParams
              ? null
              : 'application/octet-stream';
        return withContext(ctx, value as BodyInit, ctx.statusCode, type);
      }
    }
  }
  if (serializer !== null) {
    const response = serializer(ctx, value);
    if (response !== null) return response;
  }
  const format = ctx.responseFormat();
  return withContext(ctx, format.serialize(value), ctx.statusCode, format.contentType);
}

/** The status an error is answered with: its own 4xx/5xx `status` when it has one, else 500. */
export function statusOf(error: unknown): number {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status <= 599 ? status : 500;
}

/**
 * The one error body shape of fw: `{ error, code, details? }`, plus `stack` in development mode. Outside development,
 * an unknown 500 and an error marked with an `errorId` (server text, not for clients) answer the status's reason phrase
 * (and that id), never their own message or details.
 */
export function errorBody(error: unknown, status: number, development: boolean): Record<string, unknown> {
  const e = error as { name?: unknown; code?: unknown; details?: unknown; errors?: unknown; errorId?: unknown } | null;
  const id = e?.errorId;
  const known = (id === undefined || development) && (error instanceof HttpError || status !== 500 || e?.name === 'FatalError');
  const shown = known || development;
  const code = e?.code;
  const body: Record<string, unknown> = {
    error: (shown && ((error instanceof Error && error.message) || (typeof error === 'string' && error))) || defaultMessage(status),
    code: status === 500 && !known ? 'INTERNAL_ERROR' : (typeof code === 'string' && code) || codeFor(status),
  };
  const details = e?.details ?? e?.errors;
  if (details !== undefined && shown) body.details = details;
  if (development && error instanceof Error && error.stack) body.stack = error.stack;
  if (id !== undefined) body.errorId = id;
  return body;
}

/** A default code for a status when an error carries none: the reason phrase in capitals, else `HTTP_<status>`. */
export function codeFor(status: number): string {
  const reason = knownReason(status);
  return reason === undefined ? `HTTP_${status}` : reason.toUpperCase().replace(/[^A-Z0-9]+/g, '_');
}

/** Builds the default error response in the negotiated data format, with the error's own headers. */
export function defaultErrorResponse(ctx: Context, error: unknown, development: boolean): Response {
  let status = 500;
  let body: Record<string, unknown>;
  let extra: unknown;
  try {
    status = statusOf(error);
    body = errorBody(error, status, development);
    extra = (error as { headers?: unknown } | null)?.headers;
  } catch {
    body = errorBody(null, status, false);
  }
  const format = ctx.responseFormat();
  const headers = new Headers({ 'content-type': format.contentType });
  if (extra && typeof extra === 'object') for (const [k, v] of Object.entries(extra)) headers.set(k, String(v));
  if (ctx.responseCookies !== null) for (const c of ctx.responseCookies) headers.append('set-cookie', c);
  let text: string;
  try {
    text = format.serialize(body);
  } catch {
    text = jsonFormat.serialize({ error: defaultMessage(status), code: body.code });
  }
  return makeResponse(ctx, text, status, headers);
}
