/**
 * How the core makes the Responses it builds itself (strings, serialized objects, error bodies, 204s): a plain
 * `new Response`, unless the target that called `app.fetch` lends a faster factory for that request in its `env`
 * under `responseFactory` (fw/node's server adapter lends its light responses, which only it writes). Nothing is
 * installed for the process, so `app.fetch(request)` called by anyone else always answers with a real Response.
 */
import type { Context } from './context';

/** A factory for the core's responses, and the body-less copy of one it made (null: not one of its own). */
export interface ResponseFactory {
  make(ctx: Context<any, any, any>, body: BodyInit | null, status: number, headers: string | HeadersInit | null): Response;
  withoutBody(response: Response): Response | null;
}

/** The key of the ResponseFactory a target lends in the `env` it passes to `app.fetch`, for that request alone. */
export const responseFactory: unique symbol = Symbol();

/** The factory the request's target lent, if any. */
function lentFactory(ctx: Context<any, any, any>): ResponseFactory | undefined {
  return (ctx.env as { [responseFactory]?: ResponseFactory } | null | undefined)?.[responseFactory];
}

/** The content type fw gives text answers: the spelling the Fetch API gives a string body itself, so no header of fw's is needed. */
export const TEXT_PLAIN = 'text/plain;charset=UTF-8';

/** Whether this runtime's `new Response(text)` carries TEXT_PLAIN itself (Node, workerd and Deno do; Bun adds it only when serving). */
let textTyped: boolean | undefined;

/**
 * The core's one way to make a response; `headers` is a content type alone, or any HeadersInit. Without a lent
 * factory, a string body of the type the Fetch API gives strings goes without an init's headers (as Hono's `c.text`
 * does), which spares the init's conversion of a record.
 */
export function makeResponse(
  ctx: Context<any, any, any>,
  body: BodyInit | null,
  status: number,
  headers: string | HeadersInit | null,
): Response {
  const lent = lentFactory(ctx);
  if (lent !== undefined) return lent.make(ctx, body, status, headers);
  if (typeof headers === 'string')
    headers =
      headers === TEXT_PLAIN && typeof body === 'string' && (textTyped ??= new Response('').headers.get('content-type') === TEXT_PLAIN)
        ? null
        : { 'content-type': headers };
  return new Response(body, { status, headers: headers ?? undefined });
}

/** The same response with its body dropped (HEAD answered by a GET route). */
export function responseWithoutBody(ctx: Context<any, any, any>, response: Response): Response {
  const own = lentFactory(ctx)?.withoutBody(response);
  if (own) return own;
  response.body?.cancel().catch(() => undefined);
  return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
}
