import type { IncomingMessage } from 'node:http';
import type { Fw } from 'fw';

function pathAndQuery(url: string): { path: string; queryStart: number } {
  const queryStart = url.indexOf('?');
  return { path: queryStart === -1 ? url : url.slice(0, queryStart), queryStart };
}

/**
 * The response for an error the adapter meets before the app runs (body too large, unreadable request):
 * built by the app's own error handling so `onError` hooks and the negotiated format apply; plain JSON
 * when the request is too broken to build a Request from.
 */
export async function adapterError(app: Fw, req: IncomingMessage, scheme: string, error: Error & { status: number; code: string }): Promise<Response> {
  try {
    const target = req.url ?? '/';
    const request = new Request(`${scheme}://${req.headers.host ?? 'localhost'}${target}`, { method: req.method === 'HEAD' ? 'HEAD' : 'GET', headers: req.headers as Record<string, string> });
    const { path, queryStart } = pathAndQuery(target);
    const ctx = new app.ContextClass(app, request, path, queryStart === -1 ? -1 : request.url.indexOf('?'), null);
    return await app.handleError(ctx, error);
  } catch {
    return new Response(JSON.stringify({ error: error.message, code: error.code }), {
      status: error.status,
      headers: { 'content-type': 'application/json' },
    });
  }
}

/** An adapter-level HTTP error with a status and a code. */
export function httpError(status: number, code: string, message: string): Error & { status: number; code: string } {
  return Object.assign(new Error(message), { status, code });
}
