import type { IncomingMessage } from 'node:http';
import type { CoreFw } from 'fw';
import { requestUrl } from './request';

/**
 * The response for an error the adapter meets before the app runs (body too large, unreadable request):
 * built by the app's own error handling so `onError` hooks and the negotiated format apply; plain JSON
 * when the request is too broken to build a Request from.
 */
export async function adapterError(
  app: CoreFw,
  req: IncomingMessage,
  scheme: string,
  error: Error & { status: number; code: string },
): Promise<Response> {
  try {
    const request = new Request(requestUrl(req, scheme), {
      method: req.method === 'HEAD' ? 'HEAD' : 'GET',
      headers: req.headers as Record<string, string>,
    });
    const url = new URL(request.url);
    const ctx = new app.ContextClass(app, request, url.pathname);
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
