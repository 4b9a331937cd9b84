import { HttpError } from './errors';
import { readBodyWithin } from './body-limit';
import { TEXT_PLAIN, withContext } from './respond';
import { copyQueryValues, parseQueryString, type ParsedQuery } from './query';
import { getFormat, jsonFormat, negotiateFormat, type DataFormat } from './formats';
import type { Fw } from './fw';
import type { DefaultInput, RequestHeaders, RouteInput } from './typed-routes';

/** What a platform hands a request besides the Request: `waitUntil` keeps work alive after the response. */
export interface ExecutionContext {
  waitUntil(promise: Promise<unknown>): void;
  passThroughOnException?(): void;
}

/**
 * One request's view of the app: inputs, response settings, and the helpers handlers use. `Input` types params,
 * query and body per route (inferred from the route's path and schema, see typed-routes.ts). Cookies (`fw/cookie`),
 * `queries()`, `formData()` and `parseBody()` are not the kernel's: `fw`'s `Fw` installs them (context-extras.ts).
 */
export class Context<Env = any, State extends Record<string, any> = Record<string, any>, Input extends RouteInput = DefaultInput> {
  declare readonly request: Request;
  declare readonly method: string;
  declare readonly path: string;
  declare readonly app: Fw<any, any>;
  declare readonly env: Env;
  declare readonly executionCtx: ExecutionContext | undefined;
  declare params: Input['params'];
  /** Response status chosen with `status()`, applied to whatever the handler returns. */
  statusCode = 200;
  /** Headers chosen with `setHeader()` (lower-cased names), applied to whatever the handler returns. */
  responseHeaders: Record<string, string> | null = null;
  /** Set-Cookie values chosen with `setCookie()` (fw/cookie), kept as separate headers. */
  responseCookies: string[] | null = null;
  /** The route pattern that matched, or null for a 404. */
  routePath: string | null = null;
  /** The last Response a helper (`jsonResponse`, `html`, `text`, `redirect`) built with this context's settings applied. */
  helperResponse: Response | null = null;

  #parsedQuery: ParsedQuery | null = null;
  #queryCopy: Record<string, string> | null = null;
  #rawBytes: Promise<ArrayBuffer> | null = null;
  #rawText: Promise<string> | null = null;
  #parsedBody: Promise<unknown> | null = null;
  #bodyOverride: { value: unknown } | null = null;
  #localState: Record<string, unknown> | null = null;

  constructor(app: Fw<any, any>, request: Request, path: string, env?: Env, executionCtx?: ExecutionContext) {
    this.app = app;
    this.request = request;
    this.method = request.method;
    this.path = path;
    this.params = {} as Input['params'];
    this.env = env as Env;
    this.executionCtx = executionCtx;
  }

  /** The query string as an object (last value wins for repeated keys); a private copy per request. */
  get query(): Input['query'] {
    if (this.#queryCopy === null) this.#queryCopy = copyQueryValues(this.parsedQuery());
    return this.#queryCopy;
  }

  set query(value: Input['query']) {
    this.#queryCopy = value as Record<string, string>;
  }

  /** The raw query string without `?` (empty when none). */
  get search(): string {
    const url = this.request.url;
    const query = url.indexOf('?');
    const hash = url.indexOf('#');
    if (query === -1 || (hash !== -1 && hash < query)) return '';
    return hash === -1 ? url.slice(query + 1) : url.slice(query + 1, hash);
  }

  /** The request headers; on a route whose `schema.headers` names some, `get` types those (see RequestHeaders). */
  get headers(): RequestHeaders<Input['headers']> {
    return this.request.headers as RequestHeaders<Input['headers']>;
  }

  /** Shared app state (`FwPluginConfig.state`, `app.setState`) plus per-request values set here. */
  get state(): State {
    return (this.#localState ??= Object.create(this.app.stateObject())) as State;
  }

  /** One request header, or null. */
  header(name: string): string | null {
    return this.request.headers.get(name);
  }

  /** The body as bytes, read once (within the app's `maxBodySize`, else a 413) and shared by every body reader. */
  bodyBytes(): Promise<ArrayBuffer> {
    return (this.#rawBytes ??=
      this.#rawText === null
        ? readBodyWithin(this.request, this.app.maxBodySize)
        : this.#rawText.then((text) => new TextEncoder().encode(text).buffer as ArrayBuffer));
  }

  /** The body as text (within the app's `maxBodySize`, else a 413); can be called any number of times. */
  bodyText(): Promise<string> {
    return (this.#rawText ??=
      this.#rawBytes === null
        ? readBodyWithin(this.request, this.app.maxBodySize, true)
        : this.#rawBytes.then((bytes) => new TextDecoder().decode(bytes)));
  }

  /** The body parsed by its Content-Type (JSON when absent or unknown); a parse failure is a 400. */
  body<T = Input['body']>(): Promise<T> {
    if (this.#bodyOverride) return Promise.resolve(this.#bodyOverride.value as T);
    return (this.#parsedBody ??= this.parseWith(this.#requestFormat())) as Promise<T>;
  }

  /** The body parsed as JSON whatever its Content-Type; a parse failure is a 400. */
  json<T = unknown>(): Promise<T> {
    if (this.#bodyOverride) return Promise.resolve(this.#bodyOverride.value as T);
    return this.parseWith(jsonFormat) as Promise<T>;
  }

  /** Replaces what `body()` and `json()` return (validation uses it to hand the coerced body to the handler). */
  setBody(value: unknown): void {
    this.#bodyOverride = { value };
  }

  /** Sets the response status for whatever the handler returns. */
  status(code: number): this {
    this.statusCode = code;
    return this;
  }

  /** Sets a response header for whatever the handler returns. */
  setHeader(name: string, value: string): this {
    (this.responseHeaders ??= {})[name.toLowerCase()] = value;
    return this;
  }

  /** A response in the negotiated data format (JSON by default). */
  jsonResponse(data: unknown, status?: number): Response {
    const format = this.responseFormat();
    return this.#respond(format.serialize(data), status ?? this.statusCode, format.contentType);
  }

  /** An HTML response. */
  html(html: string, status?: number): Response {
    return this.#respond(html, status ?? this.statusCode, 'text/html; charset=utf-8');
  }

  /** A plain-text response. */
  text(text: string, status?: number): Response {
    return this.#respond(text, status ?? this.statusCode, TEXT_PLAIN);
  }

  /** A redirect (302 unless given). */
  redirect(url: string, status = 302): Response {
    const response = this.#respond(null, status, null);
    response.headers.set('location', url);
    return response;
  }

  /** Keeps a promise alive after the response where the platform allows it (workers, Lambda); awaited nowhere else. */
  waitUntil(promise: Promise<unknown>): void {
    if (this.executionCtx) this.executionCtx.waitUntil(promise);
    else promise.catch(() => undefined);
  }

  /** The data format the client asked for through Accept, among those registered (the app's default while JSON is the only one). */
  responseFormat(): DataFormat {
    const app = this.app;
    return app.formats === undefined ? app.getFormat() : negotiateFormat(app, this.request.headers.get('accept'));
  }

  #respond(body: BodyInit | null, status: number, contentType: string | null): Response {
    return (this.helperResponse = withContext(this, body, status, contentType));
  }

  /** The request's parsed query string, parsed once (shared through the app's query cache when it has one); never mutate it. */
  parsedQuery(): ParsedQuery {
    return (this.#parsedQuery ??= this.app.queryCache?.parse(this.search) ?? parseQueryString(this.search));
  }

  #requestFormat(): DataFormat {
    const type = this.request.headers.get('content-type');
    return (type && getFormat(this.app, type)) || jsonFormat;
  }

  /** The body parsed by a data format (undefined for GET, HEAD and an empty body); a parse failure is a 400. */
  parseWith(format: DataFormat): Promise<unknown> {
    if (this.method === 'GET' || this.method === 'HEAD') return Promise.resolve(undefined);
    return this.bodyText().then((text) => {
      if (text === '') return undefined;
      try {
        return format.parse(text);
      } catch (error) {
        throw new HttpError(400, `Malformed ${format.name.toUpperCase()} body`, { code: 'INVALID_BODY', cause: error });
      }
    });
  }
}
