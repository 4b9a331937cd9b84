/**
 * A Request that builds Node's (undici's) Request object only when something needs more than `method`, `url`,
 * `headers` and `signal`. Creating an undici Request costs an AbortSignal, a body stream and header
 * re-validation, the largest part of a small request on Node and on Lambda; most handlers never touch them.
 * It passes `instanceof Request`, and every other member (body, clone, text, ...) as well as undici's own
 * internal slots are forwarded to the real Request, built once, so `new Request(lazy)` and `fetch(lazy)` work.
 * `text()`, `json()`, `arrayBuffer()` and `bytes()` read the body straight from its source without building the
 * undici Request or a body stream (a JSON POST's largest cost on Node), with a Request's read-once rule.
 * Shared by fw/lambda and fw/node.
 */

/** A body still to be read from the network: as a stream (on demand, for `body`) or all at once (for `text()` and friends). */
export interface BodySource {
  stream(): ReadableStream<Uint8Array>;
  readAll(): Promise<Uint8Array<ArrayBuffer>>;
}

/** What the lazy Request is made of; everything here has been validated already. */
export interface LazyRequestInit {
  method: string;
  url: string;
  headers: Headers;
  /** Bytes already in memory, or a source read on first use (never read for GET/HEAD). */
  body: Uint8Array<ArrayBuffer> | BodySource | undefined;
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
const used = Symbol('used');

interface LazyRequest extends Request {
  [init]: LazyRequestInit;
  [real]?: Request;
  [controller]?: AbortController;
  [used]?: boolean;
}

function materialize(request: LazyRequest): Request {
  if (request[real] !== undefined) return request[real];
  const { method, url, headers, body } = request[init];
  if (request[used]) {
    const spent = (request[real] = new Request(url, { method, headers, body: new Uint8Array(0) }));
    spent.arrayBuffer().catch(() => undefined);
    return spent;
  }
  if (body === undefined || body instanceof Uint8Array) return (request[real] = new Request(url, { method, headers, body }));
  return (request[real] = new Request(url, { method, headers, body: body.stream(), duplex: 'half' } as RequestInit));
}

/** The whole body, read once without building the undici Request; a second read fails as a Request's would. */
function readBody(request: LazyRequest): Promise<Uint8Array<ArrayBuffer>> {
  const body = request[init].body;
  if (body === undefined) return Promise.resolve(new Uint8Array(0));
  if (request[used]) return Promise.reject(new TypeError('Body is unusable: Body has already been read'));
  request[used] = true;
  return body instanceof Uint8Array ? Promise.resolve(body) : body.readAll();
}

const decoder = new TextDecoder();

/** An ArrayBuffer holding exactly these bytes (a view's buffer may be larger: a Node Buffer pool). */
function ownBuffer(bytes: Uint8Array<ArrayBuffer>): ArrayBuffer {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes.buffer : new Uint8Array(bytes).buffer;
}

/** The body readers answered from `readBody` until the real Request exists. */
const readers: Record<string, (bytes: Uint8Array<ArrayBuffer>) => unknown> = {
  text: (bytes) => decoder.decode(bytes),
  json: (bytes) => JSON.parse(decoder.decode(bytes)),
  arrayBuffer: ownBuffer,
  bytes: (bytes) => new Uint8Array(ownBuffer(bytes)),
};

function signalOf(request: LazyRequest): AbortSignal {
  if (request[controller] === undefined) {
    const made = (request[controller] = new AbortController());
    request[init].signalSource?.watch((reason) => made.abort(reason));
  }
  return request[controller].signal;
}

const own = new Set<PropertyKey>(['constructor', 'method', 'url', 'headers', 'signal', 'bodyUsed', ...Object.keys(readers)]);

const prototype: object = Object.create(Request.prototype, {
  method: {
    get(this: LazyRequest) {
      return this[init].method;
    },
  },
  url: {
    get(this: LazyRequest) {
      return this[init].url;
    },
  },
  headers: {
    get(this: LazyRequest) {
      return this[init].headers;
    },
  },
  signal: {
    get(this: LazyRequest) {
      return signalOf(this);
    },
  },
  bodyUsed: {
    get(this: LazyRequest) {
      return this[real] !== undefined ? this[real].bodyUsed : this[used] === true;
    },
  },
});

for (const [name, read] of Object.entries(readers)) {
  if (!(name in Request.prototype)) continue;
  Object.defineProperty(prototype, name, {
    value(this: LazyRequest) {
      if (this[real] !== undefined) return (this[real] as unknown as Record<string, () => Promise<unknown>>)[name]();
      return readBody(this).then(read);
    },
  });
}

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
    Object.defineProperty(prototype, key, {
      get(this: LazyRequest) {
        return (materialize(this) as unknown as Record<PropertyKey, unknown>)[key];
      },
    });
  }
}

/** undici's internal slots, which a Request it is handed must answer; none where the runtime keeps its state elsewhere. */
const slots = Object.getOwnPropertySymbols(new Request('http://localhost/'));
for (const slot of slots) {
  Object.defineProperty(prototype, slot, {
    get(this: LazyRequest) {
      return (materialize(this) as unknown as Record<symbol, unknown>)[slot];
    },
  });
}

function wrap(parts: LazyRequestInit): Request {
  const request = Object.create(prototype) as LazyRequest;
  request[init] = parts;
  return request;
}

/**
 * The wrapper stands in for a Request where the runtime's Request keeps its state in symbol slots (undici), which
 * the wrapper forwards; decided from the slots alone, because building a Request from a Request at start-up costs
 * a Lambda cold start ~1.5 ms (undici loads node:assert for it). Tests prove `new Request(lazy)` and `fetch(lazy)` on Node.
 */
const lazy = slots.length > 0;

/** A plain Request from the same parts, where the runtime's Request would not accept the wrapper. */
function eager(parts: LazyRequestInit): Request {
  const { method, url, headers, body, signalSource } = parts;
  const options: RequestInit & { duplex?: 'half' } = { method, headers };
  if (body === undefined || body instanceof Uint8Array) options.body = body;
  else {
    options.body = body.stream();
    options.duplex = 'half';
  }
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
