/**
 * A Request that builds Node's (undici's) Request object only when something needs more than `method`, `url`,
 * `headers` and `signal`. Creating an undici Request costs an AbortSignal, a body stream and header
 * re-validation, the largest part of a small request on Node and on Lambda; most handlers never touch them.
 * It passes `instanceof Request`, and every other member (body, clone, text, ...) as well as undici's own
 * internal slots are forwarded to the real Request, built once, so `new Request(lazy)` and `fetch(lazy)` work.
 * Shared by fw/lambda and fw/node.
 */

/** What the lazy Request is made of; everything here has been validated already. */
export interface LazyRequestInit {
  method: string;
  url: string;
  headers: Headers;
  /** Bytes already in memory, or a function making the body stream on first use (never called for GET/HEAD). */
  body: Uint8Array<ArrayBuffer> | (() => ReadableStream<Uint8Array>) | undefined;
  /** What aborts `signal` (fw/node: the client disconnecting); asked only when `signal` is first read. */
  signalSource?: SignalSource;
}

/** Where a lazy Request's signal learns to abort: `watch(abort)` is called once, when `signal` is first read. */
export interface SignalSource {
  watch(abort: (reason: unknown) => void): void;
}

const init = Symbol('init');
const real = Symbol('real');
const controller = Symbol('controller');

interface LazyRequest extends Request {
  [init]: LazyRequestInit;
  [real]?: Request;
  [controller]?: AbortController;
}

function materialize(request: LazyRequest): Request {
  if (request[real] !== undefined) return request[real];
  const { method, url, headers, body } = request[init];
  if (typeof body !== 'function') return (request[real] = new Request(url, { method, headers, body }));
  return (request[real] = new Request(url, { method, headers, body: body(), duplex: 'half' } as RequestInit));
}

function signalOf(request: LazyRequest): AbortSignal {
  if (request[controller] === undefined) {
    const made = (request[controller] = new AbortController());
    request[init].signalSource?.watch((reason) => made.abort(reason));
  }
  return request[controller].signal;
}

const own = new Set<PropertyKey>(['constructor', 'method', 'url', 'headers', 'signal']);

const prototype: object = Object.create(Request.prototype, {
  method: { get(this: LazyRequest) { return this[init].method; } },
  url: { get(this: LazyRequest) { return this[init].url; } },
  headers: { get(this: LazyRequest) { return this[init].headers; } },
  signal: { get(this: LazyRequest) { return signalOf(this); } },
});

for (const key of Reflect.ownKeys(Request.prototype)) {
  if (own.has(key)) continue;
  const descriptor = Object.getOwnPropertyDescriptor(Request.prototype, key)!;
  if (typeof descriptor.value === 'function') {
    const method = key;
    Object.defineProperty(prototype, key, {
      value(this: LazyRequest, ...args: unknown[]) {
        const target = materialize(this) as unknown as Record<PropertyKey, (...a: unknown[]) => unknown>;
        return target[method](...args);
      },
    });
  } else if (descriptor.get) {
    Object.defineProperty(prototype, key, { get(this: LazyRequest) { return (materialize(this) as unknown as Record<PropertyKey, unknown>)[key]; } });
  }
}

for (const slot of Object.getOwnPropertySymbols(new Request('http://localhost/'))) {
  Object.defineProperty(prototype, slot, { get(this: LazyRequest) { return (materialize(this) as unknown as Record<symbol, unknown>)[slot]; } });
}

function wrap(parts: LazyRequestInit): Request {
  const request = Object.create(prototype) as LazyRequest;
  request[init] = parts;
  return request;
}

/** Whether this runtime's Request accepts the wrapper where a Request is expected (undici keeps its slots in symbols); checked once. */
function wrapperWorks(): boolean {
  try {
    const probe = wrap({ method: 'POST', url: 'http://localhost/probe', headers: new Headers({ 'x-probe': '1' }), body: undefined });
    const copy = new Request(probe);
    return copy.url === 'http://localhost/probe' && copy.method === 'POST' && copy.headers.get('x-probe') === '1';
  } catch {
    return false;
  }
}

const lazy = wrapperWorks();

/** A plain Request from the same parts, where the runtime's Request would not accept the wrapper. */
function eager(parts: LazyRequestInit): Request {
  const { method, url, headers, body, signalSource } = parts;
  const options: RequestInit & { duplex?: 'half' } = { method, headers };
  if (typeof body === 'function') {
    options.body = body();
    options.duplex = 'half';
  } else options.body = body;
  if (signalSource !== undefined) {
    const made = new AbortController();
    signalSource.watch((reason) => made.abort(reason));
    options.signal = made.signal;
  }
  return new Request(url, options);
}

/** Creates the lazy Request, or a plain one where the runtime's Request would not accept the wrapper. */
export function lazyRequest(parts: LazyRequestInit): Request {
  return lazy ? wrap(parts) : eager(parts);
}
