/** The Express-style `res` a legacy middleware writes to: headers, status, body, and Express's helpers, turned into a Web Response. */

type Listener = (...args: unknown[]) => void;

/** The `res` object: the ServerResponse surface middleware uses (setHeader, end, events) plus Express helpers (status, json, send). */
export class LegacyResponse {
  statusCode = 200;
  statusMessage = '';
  headersSent = false;
  writableEnded = false;
  finished = false;
  /** Per-request values for later middleware, as in Express. */
  locals: Record<string, unknown> = {};
  /** Resolves when `end()` is called (the middleware answered the request itself). */
  readonly ended: Promise<void>;

  private readonly headerValues = new Map<string, { name: string; value: string | string[] }>();
  private readonly chunks: Uint8Array[] = [];
  private readonly listeners = new Map<string, Listener[]>();
  private markEnded!: () => void;

  constructor() {
    this.ended = new Promise((resolve) => {
      this.markEnded = resolve;
    });
  }

  /** Sets a header (arrays give repeated headers such as Set-Cookie); returns `res` for chaining. */
  setHeader(name: string, value: string | number | readonly string[]): this {
    if (this.headersSent) throw new Error(`Cannot set header ${name} after the response was sent`);
    this.headerValues.set(name.toLowerCase(), { name, value: Array.isArray(value) ? [...value].map(String) : String(value) });
    return this;
  }

  getHeader(name: string): string | string[] | undefined {
    return this.headerValues.get(name.toLowerCase())?.value;
  }

  getHeaders(): Record<string, string | string[]> {
    return Object.fromEntries([...this.headerValues].map(([key, h]) => [key, h.value]));
  }

  getHeaderNames(): string[] {
    return [...this.headerValues.keys()];
  }

  hasHeader(name: string): boolean {
    return this.headerValues.has(name.toLowerCase());
  }

  removeHeader(name: string): void {
    this.headerValues.delete(name.toLowerCase());
  }

  /** Sets the status (and headers) at once, as node:http's writeHead. */
  writeHead(
    status: number,
    reasonOrHeaders?: string | Record<string, string | string[]>,
    headers?: Record<string, string | string[]>,
  ): this {
    this.statusCode = status;
    const fields = typeof reasonOrHeaders === 'object' ? reasonOrHeaders : headers;
    if (typeof reasonOrHeaders === 'string') this.statusMessage = reasonOrHeaders;
    for (const [name, value] of Object.entries(fields ?? {})) this.setHeader(name, value);
    return this;
  }

  /** Buffers a body chunk (strings as UTF-8). */
  write(chunk: string | Uint8Array): boolean {
    this.chunks.push(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk);
    return true;
  }

  /** Finishes the response: the adapter answers with what was written. */
  end(chunk?: string | Uint8Array | (() => void), callback?: () => void): this {
    if (this.writableEnded) return this;
    if (typeof chunk === 'function') callback = chunk;
    else if (chunk !== undefined && chunk !== null) this.write(chunk);
    this.writableEnded = this.finished = this.headersSent = true;
    this.markEnded();
    callback?.();
    return this;
  }

  /** Express: sets the status code; chainable. */
  status(code: number): this {
    this.statusCode = code;
    return this;
  }

  /** Express: sets one header or several. */
  set(name: string | Record<string, string>, value?: string | string[]): this {
    if (typeof name === 'object') for (const [k, v] of Object.entries(name)) this.setHeader(k, v);
    else this.setHeader(name, value ?? '');
    return this;
  }

  header(name: string | Record<string, string>, value?: string | string[]): this {
    return this.set(name, value);
  }

  get(name: string): string | string[] | undefined {
    return this.getHeader(name);
  }

  /** Express: adds a value to a header. */
  append(name: string, value: string | string[]): this {
    const old = this.getHeader(name);
    const add = Array.isArray(value) ? value : [value];
    return this.setHeader(name, old === undefined ? add : [...(Array.isArray(old) ? old : [old]), ...add]);
  }

  /** Express: sets Content-Type (a full type, or `json` / `html` / `text`). */
  type(kind: string): this {
    const types: Record<string, string> = { json: 'application/json', html: 'text/html; charset=utf-8', text: 'text/plain; charset=utf-8' };
    return this.setHeader('content-type', types[kind] ?? kind);
  }

  /** Express: answers with JSON. */
  json(value: unknown): this {
    if (!this.hasHeader('content-type')) this.type('json');
    return this.end(JSON.stringify(value));
  }

  /** Express: answers with a string (HTML unless typed), bytes, or JSON for objects. */
  send(body?: unknown): this {
    if (typeof body === 'object' && body !== null && !(body instanceof Uint8Array)) return this.json(body);
    if (typeof body === 'string' && !this.hasHeader('content-type')) this.type('html');
    return this.end(body === undefined ? undefined : body instanceof Uint8Array ? body : String(body));
  }

  /** Express: answers with a status and its reason as text. */
  sendStatus(code: number): this {
    return this.status(code).type('text').end(String(code));
  }

  /** Express: redirects (302 unless a status is given). */
  redirect(statusOrUrl: number | string, url?: string): this {
    const [status, location] = typeof statusOrUrl === 'number' ? [statusOrUrl, url ?? '/'] : [302, statusOrUrl];
    return this.status(status).setHeader('location', location).end();
  }

  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }

  once(event: string, listener: Listener): this {
    const wrapper: Listener = (...args) => {
      this.removeListener(event, wrapper);
      listener(...args);
    };
    return this.on(event, wrapper);
  }

  removeListener(event: string, listener: Listener): this {
    this.listeners.set(
      event,
      (this.listeners.get(event) ?? []).filter((l) => l !== listener),
    );
    return this;
  }

  off(event: string, listener: Listener): this {
    return this.removeListener(event, listener);
  }

  emit(event: string, ...args: unknown[]): boolean {
    const list = this.listeners.get(event) ?? [];
    for (const l of list) l(...args);
    return list.length > 0;
  }

  /** Copies the headers set by middleware into `headers` (Set-Cookie and other arrays appended). */
  applyHeaders(headers: Headers): void {
    for (const { name, value } of this.headerValues.values()) {
      if (Array.isArray(value)) {
        headers.delete(name);
        for (const v of value) headers.append(name, v);
      } else headers.set(name, value);
    }
  }

  /** The Response for a request the middleware answered itself (after `end()`). */
  toResponse(): Response {
    const headers = new Headers();
    this.applyHeaders(headers);
    const noBody = this.statusCode === 204 || this.statusCode === 304 || (this.statusCode >= 100 && this.statusCode < 200);
    const body = noBody || this.chunks.length === 0 ? null : new Blob(this.chunks as BlobPart[]);
    return new Response(body, { status: this.statusCode, statusText: this.statusMessage, headers });
  }
}
