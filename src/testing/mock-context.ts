import type { Context, ExecutionContext } from '../core/context';
import type { Fw } from '../core/fw';
import { Fw as FullFw } from '../app/fw';
import { canonicalPath } from '../core/path';

/** Options of `mockContext`: the request to build and what the platform and router would have set. */
export interface MockContextOptions {
  /** The app whose Context class (decorations, state) to use (default: a new empty `fw` app, with fw's full context). */
  app?: Fw;
  method?: string;
  /** Path with optional query string (default `/`), or a full URL. */
  path?: string;
  /** Extra query values, appended to the path's own. */
  query?: Record<string, string | number | boolean | (string | number | boolean)[]>;
  headers?: HeadersInit;
  /** A string or bytes are sent as given; anything else as JSON (with `content-type: application/json`). */
  body?: unknown;
  /** Route parameters, as the router would capture them. */
  params?: Record<string, string>;
  /** Per-request state values (`ctx.state.<key>`). */
  state?: Record<string, unknown>;
  env?: unknown;
  /** The platform's execution context (default: one that collects `waitUntil` promises in `waitedFor`). */
  executionCtx?: ExecutionContext;
}

/** A mock Context plus the promises handed to `ctx.waitUntil` (when no `executionCtx` was given). */
export type MockContext = Context & { waitedFor: Promise<unknown>[] };

function requestBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (
    typeof body === 'string' ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body) ||
    body instanceof Blob ||
    body instanceof FormData ||
    body instanceof URLSearchParams
  ) {
    return body as BodyInit;
  }
  if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  return JSON.stringify(body);
}

/** Builds a Context for unit-testing a handler, hook or middleware without routing a request. */
export function mockContext(options: MockContextOptions = {}): MockContext {
  const app: Fw = options.app ?? new FullFw();
  const url = new URL(options.path ?? '/', 'http://localhost');
  for (const [key, value] of Object.entries(options.query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(item));
  }
  const method = (options.method ?? 'GET').toUpperCase();
  const headers = new Headers(options.headers);
  const body = requestBody(options.body, headers);
  if (body !== undefined && (method === 'GET' || method === 'HEAD'))
    throw new TypeError(`mockContext(): a ${method} request cannot have a body`);
  const request = new Request(url, { method, headers, body });
  const waitedFor: Promise<unknown>[] = [];
  const executionCtx = options.executionCtx ?? {
    waitUntil: (promise: Promise<unknown>) => {
      waitedFor.push(promise);
    },
  };
  const ctx = new app.ContextClass(app, request, canonicalPath(url.pathname) ?? url.pathname, options.env, executionCtx) as MockContext;
  ctx.params = { ...options.params };
  for (const [key, value] of Object.entries(options.state ?? {})) (ctx.state as Record<string, unknown>)[key] = value;
  ctx.waitedFor = waitedFor;
  return ctx;
}
