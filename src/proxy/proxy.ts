import type { Context } from '../core/context';
import { HttpError } from '../core/errors';
import { setForwarded } from './forwarded';
import { withoutHopByHop } from './hop-by-hop';
import { checkProxyOptions, type ProxyOptions, type ProxySettings } from './options';
import { targetUrl } from './target';

const bodyless = new Set(['GET', 'HEAD']);
/** Statuses whose Response must have no body (the constructor throws otherwise, whatever a runtime's fetch gave). */
const nullBody = new Set([204, 205, 304]);

/** The request headers sent upstream: the client's without hop-by-hop headers, Host, Expect and Accept-Encoding, then X-Forwarded-* and the configured ones. */
function upstreamHeaders(ctx: Context, settings: ProxySettings): Headers {
  const headers = withoutHopByHop(ctx.request.headers);
  headers.delete('host');
  // Expect: 100-continue was answered by the server that took this request; fetch implementations refuse to send it.
  headers.delete('expect');
  // The runtime's fetch asks for the encodings it can decode, and decodes them (see the response side).
  headers.delete('accept-encoding');
  setForwarded(ctx, headers, settings.xForwarded);
  for (const [name, value] of settings.headers) {
    if (value === null) headers.delete(name);
    else headers.set(name, value);
  }
  return headers;
}

/** The response headers sent to the client: the upstream's without hop-by-hop headers, and without Content-Encoding/-Length once fetch decoded the body. */
function clientHeaders(response: Response): Headers {
  const headers = withoutHopByHop(response.headers);
  if (headers.has('content-encoding')) {
    headers.delete('content-encoding');
    headers.delete('content-length');
  }
  return headers;
}

/** The request body as a stream (or the bytes already read, when the app read it before). */
async function bodyOf(ctx: Context): Promise<BodyInit | null> {
  if (bodyless.has(ctx.method)) return null;
  if (ctx.request.bodyUsed) return ctx.bodyBytes();
  return ctx.request.body;
}

function signalFor(ctx: Context, timeout: number | null): AbortSignal {
  const client = ctx.request.signal;
  return timeout === null ? client : AbortSignal.any([client, AbortSignal.timeout(timeout)]);
}

/** What a failed upstream call is answered with: 499 when the client left, 504 on the timeout, else 502 (the cause is logged, never sent). */
function failure(ctx: Context, error: unknown): HttpError {
  if (ctx.request.signal.aborted) return new HttpError(499, 'The client went away', { code: 'CLIENT_CLOSED_REQUEST' });
  if ((error as { name?: unknown } | null)?.name === 'TimeoutError')
    return new HttpError(504, 'The upstream did not answer in time', { code: 'PROXY_UPSTREAM_TIMEOUT', cause: error });
  return new HttpError(502, 'The upstream could not be reached', { code: 'PROXY_UPSTREAM_FAILED', cause: error });
}

/**
 * A handler that forwards the request to the configured upstream and answers with its response, both bodies
 * streamed: hop-by-hop headers removed both ways, X-Forwarded-For/-Host/-Proto set from what the target knows,
 * redirects passed to the client, an unreachable upstream answered 502. The options are checked here, at startup.
 */
export function proxy(options: ProxyOptions): (ctx: Context) => Promise<Response> {
  const settings = checkProxyOptions(options);
  return async (ctx) => {
    const url = targetUrl(ctx, settings);
    const requestBody = await bodyOf(ctx);
    const init: RequestInit & { duplex?: 'half' } = {
      method: ctx.method,
      headers: upstreamHeaders(ctx, settings),
      body: requestBody,
      redirect: 'manual',
      signal: signalFor(ctx, settings.timeout),
    };
    if (requestBody instanceof ReadableStream) init.duplex = 'half';
    let response: Response;
    try {
      const request = new Request(url, init);
      response = await (settings.fetch ?? fetch)(request);
    } catch (error) {
      throw failure(ctx, error);
    }
    const body = nullBody.has(response.status) ? null : response.body;
    return new Response(body, { status: response.status, statusText: response.statusText, headers: clientHeaders(response) });
  };
}
