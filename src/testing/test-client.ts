import type { Fw } from '../core/fw';
import { createClient } from '../client/client';
import type { Client } from '../client/types';
import { assertHeader, assertJSON, assertStatus, parseJSONBody } from './assertions';
import { CookieJar } from './cookie-jar';

/** What a test request resolves to: the Response with its body already read. */
export interface TestResponse {
  status: number;
  headers: Headers;
  /** The body as text. */
  text: string;
  /** The body parsed as JSON (fails with the start of the body when it is not JSON). */
  json<T = any>(): T;
  /** The Response the app answered with (its body already consumed). */
  raw: Response;
}

/** Options of `testClient`. */
export interface TestClientOptions {
  /** Origin of the requests (default `http://localhost`). */
  baseUrl?: string;
  /** Headers sent with every request. */
  headers?: HeadersInit;
  /** Keep cookies from `Set-Cookie` and send them back (default true). */
  cookies?: boolean;
  /** Passed to `app.fetch` as the platform's env. */
  env?: unknown;
}

type QueryValue = string | number | boolean | (string | number | boolean)[];
type Check = (response: TestResponse) => void | Promise<unknown>;

/** One request being built; awaiting it sends it through `app.fetch` and runs the chained expectations. */
export class TestRequest implements PromiseLike<TestResponse> {
  private readonly headerValues: Headers;
  private readonly url: URL;
  private bodyValue: BodyInit | undefined;
  private readonly checks: Check[] = [];
  private sent: Promise<TestResponse> | null = null;

  constructor(
    private readonly client: TestClient,
    private readonly method: string,
    path: string,
  ) {
    this.url = new URL(path, client.baseUrl);
    this.headerValues = new Headers(client.defaultHeaders);
  }

  /** Adds query values (arrays repeat the key). */
  query(values: Record<string, QueryValue>): this {
    for (const [key, value] of Object.entries(values)) {
      for (const item of Array.isArray(value) ? value : [value]) this.url.searchParams.append(key, String(item));
    }
    return this;
  }

  /** Sets one request header. */
  header(name: string, value: string): this {
    this.headerValues.set(name, value);
    return this;
  }

  /** Sets several request headers. */
  headers(values: Record<string, string>): this {
    for (const [name, value] of Object.entries(values)) this.headerValues.set(name, value);
    return this;
  }

  /** Sends a JSON body. */
  json(value: unknown): this {
    this.headerValues.set('content-type', 'application/json');
    this.bodyValue = JSON.stringify(value);
    return this;
  }

  /** Sends a raw body (with a content type when given). */
  body(value: BodyInit, contentType?: string): this {
    if (contentType) this.headerValues.set('content-type', contentType);
    this.bodyValue = value;
    return this;
  }

  /** Sends an `application/x-www-form-urlencoded` body. */
  form(values: Record<string, string>): this {
    this.bodyValue = new URLSearchParams(values);
    return this;
  }

  /** Expects this status (or one of these). */
  expectStatus(status: number | number[]): this {
    this.checks.push((r) => assertStatus(r, status));
    return this;
  }

  /** Expects a header equal to a string, matching a RegExp, present (no value) or absent (`null`). */
  expectHeader(name: string, value?: string | RegExp | null): this {
    this.checks.push((r) => assertHeader(r, name, value));
    return this;
  }

  /** Expects the JSON body to contain this subset. */
  expectJSON(subset: unknown): this {
    this.checks.push((r) => assertJSON(r, subset));
    return this;
  }

  /** Sends the request (once) and runs the expectations in order. */
  send(): Promise<TestResponse> {
    return (this.sent ??= this.run());
  }

  /** Makes the builder awaitable: `await client.get('/x')` sends it. */
  then<A = TestResponse, B = never>(
    onfulfilled?: ((value: TestResponse) => A | PromiseLike<A>) | null,
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.send().then(onfulfilled, onrejected);
  }

  private async run(): Promise<TestResponse> {
    if (this.bodyValue !== undefined && (this.method === 'GET' || this.method === 'HEAD')) {
      throw new TypeError(`testClient: a ${this.method} request cannot have a body`);
    }
    const cookie = this.client.jar?.header();
    if (cookie && !this.headerValues.has('cookie')) this.headerValues.set('cookie', cookie);
    const request = new Request(this.url, { method: this.method, headers: this.headerValues, body: this.bodyValue });
    const raw = await this.client.app.fetch(request, this.client.env);
    this.client.jar?.store(raw.headers);
    const text = await raw.text();
    const response: TestResponse = { status: raw.status, headers: raw.headers, text, json: () => parseJSONBody(text) as any, raw };
    for (const check of this.checks) await check(response);
    return response;
  }
}

/** A request builder over `app.fetch`: no network, no server. */
export class TestClient<App extends Fw<any, any> = Fw<any, any>> {
  readonly baseUrl: string;
  readonly defaultHeaders: Headers;
  readonly env: unknown;
  /** The cookies kept between requests (null when `cookies: false`). */
  readonly jar: CookieJar | null;

  /** Typed calls (fw/client's `Client<App>`) through `app.fetch`, with this client's env and headers: `client.api.get('/users/:id', { params })`. */
  readonly api: Client<App>;

  constructor(
    readonly app: App,
    options: TestClientOptions = {},
  ) {
    this.baseUrl = options.baseUrl ?? 'http://localhost';
    this.defaultHeaders = new Headers(options.headers);
    this.env = options.env;
    this.jar = options.cookies === false ? null : new CookieJar();
    this.api = createClient<App>({ fetch: (request) => app.fetch(request, this.env) }, { headers: options.headers });
  }

  get(path: string): TestRequest {
    return this.request('GET', path);
  }
  post(path: string): TestRequest {
    return this.request('POST', path);
  }
  put(path: string): TestRequest {
    return this.request('PUT', path);
  }
  patch(path: string): TestRequest {
    return this.request('PATCH', path);
  }
  delete(path: string): TestRequest {
    return this.request('DELETE', path);
  }
  head(path: string): TestRequest {
    return this.request('HEAD', path);
  }
  options(path: string): TestRequest {
    return this.request('OPTIONS', path);
  }

  /** Starts a request with any method. */
  request(method: string, path: string): TestRequest {
    return new TestRequest(this, method.toUpperCase(), path);
  }
}

/** Creates a test client for an app: `await testClient(app).post('/users').json({ name }).expectStatus(201)`. */
export function testClient<App extends Fw<any, any>>(app: App, options?: TestClientOptions): TestClient<App> {
  return new TestClient(app, options);
}
