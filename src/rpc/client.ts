import type { RPCActions, ServerAction } from './action';
import { RPCActionError } from './error';

/** Options of `createRPCClient`. */
export interface RPCClientOptions {
  /** Path prefix the server mounted the actions under (default `/rpc`). */
  prefix?: string;
  /** Headers sent with every call (or a function computing them per call, e.g. a fresh token). */
  headers?: HeadersInit | (() => HeadersInit | Promise<HeadersInit>);
  /** The fetch to use (default `globalThis.fetch`); pass `app.fetch`-backed functions to call in process. */
  fetch?: (request: Request) => Promise<Response> | Response;
}

/** One typed function per action: input as the action's handler takes it, the result as it returns it. */
export type RPCClient<A extends RPCActions> = {
  [K in keyof A]: A[K] extends ServerAction<infer I, infer O>
    ? [I] extends [undefined]
      ? (input?: I) => Promise<Awaited<O>>
      : (input: I) => Promise<Awaited<O>>
    : never;
};

async function failure(response: Response, name: string): Promise<RPCActionError> {
  const text = await response.text();
  let body: { error?: unknown; code?: unknown; details?: unknown } | null = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  const message = typeof body?.error === 'string' ? body.error : `RPC ${name} failed with HTTP ${response.status}`;
  const code = typeof body?.code === 'string' ? body.code : `HTTP_${response.status}`;
  const status = response.status >= 400 && response.status <= 599 ? response.status : 502;
  return new RPCActionError(message, { status, code, details: body?.details });
}

/**
 * A typed client for actions mounted with `rpc()`: `const api = createRPCClient<typeof actions>(url); await api.createUser({ name })`.
 * A refused call throws `RPCActionError` with the server's status, code and details.
 */
export function createRPCClient<A extends RPCActions>(baseUrl: string, options: RPCClientOptions = {}): RPCClient<A> {
  const base = new URL(baseUrl);
  const prefix = (options.prefix ?? '/rpc').replace(/\/+$/, '');
  const send = options.fetch ?? ((request: Request) => fetch(request));
  const call = async (name: string, input: unknown): Promise<unknown> => {
    const extra = typeof options.headers === 'function' ? await options.headers() : options.headers;
    const headers = new Headers(extra);
    headers.set('content-type', 'application/json');
    headers.set('accept', 'application/json');
    const url = new URL(`${base.pathname.replace(/\/+$/, '')}${prefix}/${encodeURIComponent(name)}`, base);
    const response = await send(new Request(url, { method: 'POST', headers, body: input === undefined ? '' : JSON.stringify(input) }));
    if (!response.ok) throw await failure(response, name);
    const text = await response.text();
    if (text === '') return undefined;
    try {
      return JSON.parse(text);
    } catch {
      throw new RPCActionError(`RPC ${name}: the server answered with a body that is not JSON`, {
        status: 502,
        code: 'BAD_RESPONSE',
        details: text.slice(0, 200),
      });
    }
  };
  return new Proxy({} as RPCClient<A>, {
    get(_target, key) {
      if (typeof key !== 'string' || key === 'then') return undefined;
      return (input?: unknown) => call(key, input);
    },
  });
}
