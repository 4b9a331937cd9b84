/**
 * How the core makes the Responses it builds itself (strings, serialized objects, error bodies, 204s). By default a
 * plain `new Response`, which native runtimes (workerd, Bun, Deno) make cheaply; a runtime entry may install a
 * faster factory, as Node's does with its light responses (targets/node/light-response.ts).
 */
import type { Context } from './context';

/** A factory for the core's responses, and the body-less copy of one it made (null: not one of its own). */
export interface ResponseFactory {
  make(ctx: Context<any, any, any>, body: BodyInit | null, status: number, headers: string | HeadersInit | null): Response;
  withoutBody(response: Response): Response | null;
}

let installed: ResponseFactory | null = null;

/** Installs the runtime's response factory (null restores plain Responses); runtime entries call it once. */
export function setResponseFactory(factory: ResponseFactory | null): void {
  installed = factory;
}

/** The core's one way to make a response; `headers` is a content type alone, or any HeadersInit. */
export function makeResponse(
  ctx: Context<any, any, any>,
  body: BodyInit | null,
  status: number,
  headers: string | HeadersInit | null,
): Response {
  if (installed !== null) return installed.make(ctx, body, status, headers);
  if (headers === null) return new Response(body, { status });
  return new Response(body, { status, headers: typeof headers === 'string' ? { 'content-type': headers } : headers });
}

/** The same response with its body dropped (HEAD answered by a GET route). */
export function responseWithoutBody(response: Response): Response {
  const own = installed?.withoutBody(response);
  if (own) return own;
  if (response.body !== null) response.body.cancel().catch(() => undefined);
  return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
}
