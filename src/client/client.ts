import { fillPath, queryString } from './url';
import type { CallInput, Client, ClientMethod } from './types';

/** Something that answers Requests: an fw app (`app.fetch`, in process) or any fetch-shaped function holder. */
export interface Fetcher {
  fetch(request: Request): Response | Promise<Response>;
}

/** Options of `createClient`. */
export interface ClientOptions {
  /** Headers sent with every call (a call's own headers win). */
  headers?: HeadersInit;
  /** The fetch to use (default `globalThis.fetch`); ignored when the client was given an app. */
  fetch?: (request: Request) => Promise<Response>;
}

const methods: Record<keyof Client<unknown>, ClientMethod> = {
  get: 'GET',
  post: 'POST',
  put: 'PUT',
  patch: 'PATCH',
  delete: 'DELETE',
  head: 'HEAD',
  options: 'OPTIONS',
};

function isRawBody(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    body instanceof FormData ||
    body instanceof URLSearchParams ||
    body instanceof Blob ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body) ||
    body instanceof ReadableStream
  );
}

/** The body of an answer: JSON by its content type, text for text types, nothing for empty answers, else the bytes. */
async function readBody(response: Response, method: string): Promise<unknown> {
  if (method === 'HEAD' || response.status === 204 || response.status === 205 || response.status === 304) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (/[/+]json\b/i.test(type)) {
    const text = await response.text();
    return text === '' ? undefined : JSON.parse(text);
  }
  if (type.startsWith('text/') || type === '') return response.text();
  return response.arrayBuffer();
}

function buildRequest(
  base: string,
  method: ClientMethod,
  path: string,
  input: CallInput<never> | undefined,
  shared?: HeadersInit,
): Request {
  const call = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
    headers?: HeadersInit;
    init?: RequestInit;
  };
  const url = `${base}${fillPath(path, call.params)}${queryString(call.query)}`;
  const headers = new Headers(shared);
  for (const [name, value] of new Headers(call.headers)) headers.set(name, value);
  let body: BodyInit | undefined;
  if (call.body !== undefined) {
    if (isRawBody(call.body)) body = call.body;
    else {
      body = JSON.stringify(call.body);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    }
  }
  return new Request(url, { ...call.init, method, headers, body });
}

/**
 * A client typed from an app's type (`createClient<typeof app>(…)`): `client.get('/users/:id', { params: { id } })`
 * resolves to `{ data, error, status, response }`. Give it a base URL to call a deployed app with fetch, or the
 * app itself to call it in process through `app.fetch` (tests, server-side calls). Web fetch only: every target and browsers.
 */
export function createClient<App>(target: string | URL | Fetcher, options: ClientOptions = {}): Client<App> {
  const inProcess = typeof target === 'object' && !(target instanceof URL) ? target : null;
  const base = inProcess ? 'http://localhost' : String(target).replace(/\/+$/, '');
  const send = inProcess
    ? (request: Request) => Promise.resolve(inProcess.fetch(request))
    : (options.fetch ?? ((request: Request) => fetch(request)));
  const client = {} as Record<string, unknown>;
  for (const [name, method] of Object.entries(methods)) {
    client[name] = async (path: string, input?: CallInput<never>) => {
      const response = await send(buildRequest(base, method, path, input, options.headers));
      const body = await readBody(response, method);
      return response.ok
        ? { data: body, error: undefined, status: response.status, response }
        : { data: undefined, error: body, status: response.status, response };
    };
  }
  return client as unknown as Client<App>;
}
