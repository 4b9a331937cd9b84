/**
 * Light responses: what the core builds itself (strings, serialized objects, error bodies, 204s) as an object
 * that is `instanceof Response` but keeps its body as a string and its headers as a content type until someone
 * needs more. A real Response (which on Node builds a ReadableStream for every body) is made only when a member
 * that needs it is touched (`body`, `formData`, undici's internal slots); `text`, `json`, `arrayBuffer`, `blob`,
 * `clone`, `headers` and the status members are served from the kept string. Only targets that write
 * responses themselves lend this factory, per request, in the `env` they pass to `app.fetch` (fw/node's server
 * adapter, fw/lambda's buffered handler); every other caller of `app.fetch` gets real Responses.
 */
import type { Context, ResponseFactory } from 'fw';

const light = Symbol('fw.light');
const nullBodyStatus = new Set([101, 103, 204, 205, 304]);
const encoder = new TextEncoder();

/** What a light response is made of; `headers` stays null (only `contentType` or `pairs` known) until read or given. */
interface LightState {
  body: string | null;
  status: number;
  statusText: string;
  contentType: string | null;
  pairs: [string, string][] | null;
  headers: Headers | null;
  used: boolean;
  real: Response | null;
}

const headerName = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const badValue = /[\0\r\n]/;
const edgeSpace = /^[\t ]+|[\t ]+$/g;

/** Name/value pairs checked and normalized as `new Headers(pairs)` would (TypeError on a bad one; names lower-cased, values trimmed). */
function checkedPairs(pairs: [string, string][]): [string, string][] {
  const out: [string, string][] = new Array(pairs.length);
  for (let i = 0; i < pairs.length; i++) {
    const pair = pairs[i];
    if (pair.length !== 2) throw new TypeError('Headers constructor: expected name/value pair to be length 2');
    const name = pair[0];
    const value = String(pair[1]);
    if (!headerName.test(name)) throw new TypeError(`Headers.append: "${name}" is an invalid header name.`);
    if (badValue.test(value)) throw new TypeError(`Headers.append: "${value}" is an invalid header value.`);
    out[i] = [name.toLowerCase(), value.replace(edgeSpace, '')];
  }
  return out;
}

/** A Response the core built: `instanceof Response`, body kept as a string, real undici Response made on demand. */
export class LightResponse {
  [light]: LightState;

  /**
   * `headers` is a content type alone (the common case, no Headers object made), name/value pairs (kept as pairs
   * until someone reads `headers`), or any other HeadersInit (a Headers is kept, not copied); validated like `new Response`.
   */
  constructor(body: string | null, status = 200, headers: string | HeadersInit | null = null, statusText = '') {
    if (!wired) wirePrototype();
    if (status < 200 || status > 599 || !Number.isInteger(status))
      throw new RangeError(`init["status"] must be in the range of 200 to 599, inclusive (got ${status})`);
    if (body !== null && nullBodyStatus.has(status)) throw new TypeError(`Response with null body status ${status} cannot have body`);
    const plain = typeof headers === 'string' || headers === null;
    const pairs = Array.isArray(headers) ? checkedPairs(headers as [string, string][]) : null;
    this[light] = {
      body,
      status,
      statusText,
      contentType: plain ? headers : null,
      pairs,
      headers: plain || pairs !== null ? null : headers instanceof Headers ? headers : new Headers(headers),
      used: false,
      real: null,
    };
  }
}

export interface LightResponse extends Response {}

function headersOf(state: LightState): Headers {
  if (state.headers === null) {
    state.headers =
      state.pairs !== null
        ? new Headers(state.pairs)
        : state.contentType === null
          ? new Headers()
          : new Headers({ 'content-type': state.contentType });
    state.pairs = null;
  }
  return state.headers;
}

function materialize(response: LightResponse): Response {
  const state = response[light];
  if (state.real !== null) return state.real;
  const real = (state.real = new Response(state.body, { status: state.status, statusText: state.statusText, headers: headersOf(state) }));
  if (state.used && real.body !== null) real.arrayBuffer().catch(() => undefined);
  return real;
}

/** The kept string for a read, or a rejection when the body was read already (as a Response's second read fails). */
function take(response: LightResponse): Promise<string> | null {
  const state = response[light];
  if (state.real !== null) return null;
  if (state.used) return Promise.reject(new TypeError('Body is unusable: Body has already been read'));
  if (state.body !== null) state.used = true;
  return Promise.resolve(state.body ?? '');
}

const own: PropertyDescriptorMap = {
  status: {
    get(this: LightResponse) {
      return this[light].status;
    },
  },
  statusText: {
    get(this: LightResponse) {
      return this[light].statusText;
    },
  },
  ok: {
    get(this: LightResponse) {
      const s = this[light].status;
      return s >= 200 && s <= 299;
    },
  },
  type: {
    get() {
      return 'default';
    },
  },
  url: {
    get() {
      return '';
    },
  },
  redirected: {
    get() {
      return false;
    },
  },
  headers: {
    get(this: LightResponse) {
      return headersOf(this[light]);
    },
  },
  body: {
    get(this: LightResponse) {
      return this[light].body === null && this[light].real === null ? null : materialize(this).body;
    },
  },
  bodyUsed: {
    get(this: LightResponse) {
      const s = this[light];
      return s.real === null ? s.used : s.real.bodyUsed;
    },
  },
  text: {
    value(this: LightResponse) {
      return take(this) ?? materialize(this).text();
    },
  },
  json: {
    value(this: LightResponse) {
      return take(this)?.then((text) => JSON.parse(text)) ?? materialize(this).json();
    },
  },
  arrayBuffer: {
    value(this: LightResponse) {
      return take(this)?.then((text) => encoder.encode(text).buffer) ?? materialize(this).arrayBuffer();
    },
  },
  blob: {
    value(this: LightResponse) {
      const type = headersOf(this[light]).get('content-type') ?? '';
      return take(this)?.then((text) => new Blob(text === '' ? [] : [text], { type })) ?? materialize(this).blob();
    },
  },
  clone: {
    value(this: LightResponse) {
      const s = this[light];
      if (s.real !== null) return s.real.clone();
      if (s.used) throw new TypeError('Response.clone: Body has already been consumed.');
      return new LightResponse(s.body, s.status, s.headers !== null ? new Headers(s.headers) : (s.pairs ?? s.contentType), s.statusText);
    },
  },
};

let wired = false;
/** The runtime Response's own symbol slots (undici keeps its state there; native Responses have none), read once. */
let slots: symbol[] | null = null;

function responseSlots(): symbol[] {
  return (slots ??= Object.getOwnPropertySymbols(new Response(null)));
}

/**
 * Makes LightResponse a Response: its prototype forwards every Response member to the real Response made on demand.
 * Done on the first light response, not at import, so loading fw does not make Node load undici.
 */
function wirePrototype(): void {
  wired = true;
  const prototype = Object.create(Response.prototype, own) as object;
  for (const key of Reflect.ownKeys(Response.prototype)) {
    if (key === 'constructor' || key in own) continue;
    const descriptor = Object.getOwnPropertyDescriptor(Response.prototype, key)!;
    if (typeof descriptor.value === 'function') {
      const name = key;
      Object.defineProperty(prototype, key, {
        value(this: LightResponse, ...args: unknown[]) {
          return (materialize(this) as unknown as Record<PropertyKey, (...a: unknown[]) => unknown>)[name](...args);
        },
      });
    } else if (descriptor.get) {
      Object.defineProperty(prototype, key, {
        get(this: LightResponse) {
          return (materialize(this) as unknown as Record<PropertyKey, unknown>)[key];
        },
      });
    }
  }
  const ownSlots = responseSlots();
  for (const slot of ownSlots) {
    Object.defineProperty(prototype, slot, {
      get(this: LightResponse) {
        return (materialize(this) as unknown as Record<symbol, unknown>)[slot];
      },
    });
  }
  Object.defineProperty(prototype, 'constructor', { value: LightResponse, writable: true, configurable: true });
  Object.setPrototypeOf(LightResponse.prototype, prototype);
}

/** What a target writes for an untouched light response: status, body string, and a content type, checked name/value pairs or Headers. */
export interface LightParts {
  status: number;
  statusText: string;
  body: string | null;
  contentType: string | null;
  pairs: [string, string][] | null;
  headers: Headers | null;
}

/** The parts of a light response nobody has read or turned real yet, else null (write it as any Response). */
export function lightParts(response: Response): LightParts | null {
  if (!(response instanceof LightResponse)) return null;
  const state = response[light];
  return state.real === null && !state.used ? state : null;
}

/** The same response without a body (HEAD answered by a GET route), staying light when it was. */
export function lightWithoutBody(response: LightResponse): Response {
  const state = response[light];
  if (state.real !== null) return new Response(null, { status: state.status, statusText: state.statusText, headers: state.real.headers });
  state.used = true;
  return new LightResponse(null, state.status, state.headers ?? state.pairs ?? state.contentType, state.statusText);
}

/** A LightResponse for a string or empty body, else a real Response. `headers` is a content type alone, or any HeadersInit. */
function makeLight(_ctx: Context, body: BodyInit | null, status: number, headers: string | HeadersInit | null): Response {
  if (typeof body === 'string' || body === null) return new LightResponse(body, status, headers);
  if (headers === null) return new Response(body, { status });
  return new Response(body, { status, headers: typeof headers === 'string' ? { 'content-type': headers } : headers });
}

/** The light-response factory fw/node's server adapter lends each request it answers (`env[responseFactory]`). */
export const lightResponseFactory: ResponseFactory = {
  make: makeLight,
  withoutBody: (response) => (response instanceof LightResponse ? lightWithoutBody(response) : null),
};
