import { assignPeerAddress, type CoreFw } from 'fw';
import { setAuth } from '../auth/request-auth';
import type { MCPAuthInfo } from '../auth/info';
import type { PlatformContext } from '../peer';
import { guardInProcessCalls, markInProcess } from './in-process-guard';

/** In-process calls one tool call (or workflow run) may make, by default. */
export const DEFAULT_MAX_IN_PROCESS_CALLS = 32;
/** Milliseconds one in-process call may take, its response body read in full, by default. */
export const DEFAULT_IN_PROCESS_TIMEOUT_MS = 30_000;
/** Bytes of one in-process response a tool reads at most. */
export const MAX_IN_PROCESS_RESPONSE_BYTES = 8 * 1024 * 1024;

/**
 * The client an in-process call is made for, and what its tool call may still do: one per tool call, shared by
 * every call it makes (a workflow's steps, a chain's requests).
 */
export interface InProcessCaller {
  /** The client's principal and scopes (its accepted OAuth access token); undefined without OAuth. */
  readonly auth?: MCPAuthInfo;
  /** The client's address, given to each in-process Request (`assignPeerAddress`) so the app's limits count the client. */
  readonly address?: string | null;
  /** Headers of the client's MCP request passed on to the app (`forwardHeaders`, e.g. its Authorization). */
  readonly headers: Readonly<Record<string, string>>;
  /** Aborted when the client cancels the tool call or goes away. */
  readonly signal?: AbortSignal;
  /** The env and execution context each call hands `app.fetch` (`inProcessPlatform`); undefined passes none. */
  readonly platform?: PlatformContext;
  /** How long one call may take, its response body included. */
  readonly timeoutMs: number;
  /** The most calls the tool call may make, and how many it has made. */
  readonly maxCalls: number;
  calls: number;
}

/** Limits of a caller (the bridge's `maxInProcessCalls` and `inProcessTimeoutMs`). */
export interface InProcessLimits {
  maxCalls?: number;
  timeoutMs?: number;
}

/**
 * What in-process calls hand `app.fetch` besides the Request: the MCP request's env and execution context where the
 * target gave an execution context (workers: the bindings, so KV, D1, secrets and Durable Objects answer as over
 * HTTP; Lambda: `{ event, context }`), so `ctx.env` and `ctx.waitUntil` work in the route. Without one (Node, Bun)
 * env is the MCP request's own connection (Node's `IncomingMessage`, Bun's server), not the app's: nothing is passed,
 * so the in-process request never carries that socket, its raw headers or its already-read body.
 */
export function inProcessPlatform(platform: PlatformContext | undefined): PlatformContext | undefined {
  return platform?.executionCtx === undefined ? undefined : platform;
}

/**
 * A caller for one tool call: the client's principal, forwarded headers and signal, and what the target gave its MCP
 * request (kept only where `inProcessPlatform` says), with fresh limits.
 */
export function inProcessCaller(
  client: {
    auth?: MCPAuthInfo;
    address?: string | null;
    headers?: Record<string, string>;
    signal?: AbortSignal;
    platform?: PlatformContext;
  } = {},
  limits: InProcessLimits = {},
): InProcessCaller {
  return {
    auth: client.auth,
    address: client.address,
    headers: client.headers ?? {},
    signal: client.signal,
    platform: inProcessPlatform(client.platform),
    timeoutMs: limits.timeoutMs ?? DEFAULT_IN_PROCESS_TIMEOUT_MS,
    maxCalls: limits.maxCalls ?? DEFAULT_MAX_IN_PROCESS_CALLS,
    calls: 0,
  };
}

/** What one in-process call sends. */
export interface InProcessRequest {
  url: string | URL;
  method: string;
  headers?: Headers | Record<string, string>;
  body?: string;
}

function reasonOf(signal: AbortSignal, what: string, timeoutMs: number): Error {
  const reason = signal.reason as { name?: string } | undefined;
  if (reason?.name === 'TimeoutError') return new Error(`${what} did not answer within ${timeoutMs} ms`);
  return new Error(`${what} was cancelled: the tool call ended`);
}

function whenAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

/** Reads a body in full, at most `max` bytes, ending (and cancelling the stream) when `signal` aborts. */
async function readBounded(
  body: ReadableStream<Uint8Array>,
  signal: AbortSignal,
  max: number,
  what: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const reader = body.getReader();
  const aborted = whenAborted(signal);
  aborted.catch(() => {});
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), aborted]);
      if (done) break;
      size += value.byteLength;
      if (size > max) throw new Error(`${what} answered more than ${max} bytes`);
      chunks.push(value);
    }
  } catch (error) {
    reader.cancel(error).catch(() => {});
    throw error;
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

const nullBodyStatus = new Set([101, 103, 204, 205, 304]);

/**
 * The one way fw-mcp's tools call the app in process (route tools, `fw/routes/invoke`, workflow requests): the
 * Request carries the client's forwarded headers (over any the tool set), its principal (`authOf` in the route sees
 * it), its address (fw's `peerAddress`, so rate limits count the client) and an AbortSignal that ends with the tool
 * call or after `timeoutMs`; `app.fetch` gets the caller's `platform` (a worker's bindings and execution context,
 * Lambda's event and context). The app's before-handle check refuses hidden routes (the MCP endpoint) and routes
 * whose `mcp.scopes` the client lacks. At most `maxCalls` calls per tool call. Resolves with the response, its body
 * read in full (bounded in time and size); throws when refused.
 */
export async function callInProcess(app: CoreFw, init: InProcessRequest, caller: InProcessCaller): Promise<Response> {
  const url = new URL(init.url);
  const what = `${init.method} ${url.pathname}`;
  if (caller.calls >= caller.maxCalls)
    throw new Error(`${what}: this tool call already made ${caller.maxCalls} in-process calls, the most one tool call may make`);
  caller.calls++;
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(caller.headers)) headers.set(name, value);
  const timeout = AbortSignal.timeout(caller.timeoutMs);
  const signal = caller.signal === undefined ? timeout : AbortSignal.any([caller.signal, timeout]);
  if (signal.aborted) throw reasonOf(signal, what, caller.timeoutMs);
  const request = new Request(url, { method: init.method, headers, body: init.body, signal });
  markInProcess(request, { auth: caller.auth });
  if (caller.auth !== undefined) setAuth(request, caller.auth);
  if (caller.address) assignPeerAddress(request, caller.address);
  guardInProcessCalls(app);
  try {
    const aborted = whenAborted(signal);
    aborted.catch(() => {});
    const platform = caller.platform;
    const answer = app.fetch(request, platform?.env, platform?.executionCtx);
    const response = await Promise.race([Promise.resolve(answer), aborted]);
    const body = response.body === null ? null : await readBounded(response.body, signal, MAX_IN_PROCESS_RESPONSE_BYTES, what);
    return new Response(nullBodyStatus.has(response.status) ? null : body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  } catch (error) {
    if (signal.aborted) throw reasonOf(signal, what, caller.timeoutMs);
    throw error;
  }
}
