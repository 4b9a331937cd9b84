/**
 * A Request that builds Node's (undici's) Request object only when something needs more than `method`, `url` and `headers`.
 * Creating an undici Request costs an AbortSignal, a body stream and header re-validation, the largest part of a small
 * Lambda invocation; most handlers never touch them. It passes `instanceof Request`, and every other member (body,
 * signal, clone, text, ...) as well as undici's own internal slots are forwarded to the real Request, built once,
 * so `new Request(lazy)` and `fetch(lazy)` still work.
 */

/** What the lazy Request is made of; everything here has been validated already. */
export interface LazyRequestInit {
  method: string;
  url: string;
  headers: Headers;
  body: Uint8Array<ArrayBuffer> | undefined;
}

const init = Symbol('init');
const real = Symbol('real');

interface LazyRequest extends Request {
  [init]: LazyRequestInit;
  [real]?: Request;
}

function materialize(request: LazyRequest): Request {
  const { method, url, headers, body } = request[init];
  return (request[real] ??= new Request(url, { method, headers, body }));
}

const prototype: object = Object.create(Request.prototype, {
  method: { get(this: LazyRequest) { return this[init].method; } },
  url: { get(this: LazyRequest) { return this[init].url; } },
  headers: { get(this: LazyRequest) { return this[init].headers; } },
});

for (const key of Reflect.ownKeys(Request.prototype)) {
  if (key === 'constructor' || key === 'method' || key === 'url' || key === 'headers') continue;
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

/** Creates the lazy Request, or a plain one where the runtime's Request would not accept the wrapper. */
export function lazyRequest(parts: LazyRequestInit): Request {
  return lazy ? wrap(parts) : new Request(parts.url, { method: parts.method, headers: parts.headers, body: parts.body });
}
