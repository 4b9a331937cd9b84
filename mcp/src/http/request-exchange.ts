import { makeResponse, type Context } from 'fw';
import { encodeAnswer, encodeMessage } from '../encode';
import { ErrorCode, type JSONRPCMessage, type JSONRPCResponse } from '../jsonrpc';
import { authOf } from '../auth/request-auth';
import { callerTrusted } from './caller-trust';
import { callerAddress } from './client-address';
import type { MCPAuthInfo } from '../auth/info';
import { newPeer, type ClientLink, type PeerState, type PlatformContext } from '../peer';
import type { AbortSource } from '../request-context';
import { MODERN_VERSIONS } from '../versions';
import { accepted } from './responses';
import { SSEStream } from './sse';

/** Milliseconds between SSE comments on an open stream, so intermediaries do not drop a quiet `subscriptions/listen`. */
const KEEP_ALIVE_MS = 15_000;

/** Whether a request accepts an SSE answer (read leniently: `*\/*` counts). */
export function acceptsSSE(request: Request): boolean {
  const accept = request.headers.get('accept');
  return accept !== null && (accept.includes('text/event-stream') || accept.includes('*/*'));
}

/** The HTTP status of a 2026-07-28 answer sent as JSON: 404 for an unknown method, 400 for the spec's protocol errors. */
function statusOf(answer: JSONRPCResponse): number {
  if (!('error' in answer)) return 200;
  switch (answer.error.code) {
    case ErrorCode.MethodNotFound:
      return 404;
    case ErrorCode.HeaderMismatch:
    case ErrorCode.MissingRequiredClientCapability:
    case ErrorCode.UnsupportedProtocolVersion:
      return 400;
    default:
      return 200;
  }
}

/**
 * One 2026-07-28 POST: a single request answered as JSON, or as an SSE stream once the server sends something first
 * (progress, a log message, a `subscriptions/listen` acknowledgement) when the client accepts one. No session, no
 * event ids (that version dropped resumability): closing the stream cancels the request, aborting its signal.
 */
export class RequestExchange implements ClientLink, AbortSource {
  readonly peer: PeerState = newPeer('', MODERN_VERSIONS[0], null);
  readonly canRequest = false;
  readonly pushes = false;
  readonly response: Promise<Response>;
  /** Whether the client accepts an SSE answer, so notifications can reach it before the answer. */
  readonly streams: boolean;
  private resolve!: (response: Response) => void;
  private stream: SSEStream | null = null;
  private keepAlive: ReturnType<typeof setInterval> | undefined;
  private controller: AbortController | null = null;
  private closed = false;
  private finished = false;

  constructor(private readonly ctx: Context) {
    this.streams = acceptsSSE(ctx.request);
    this.response = new Promise((resolve) => {
      this.resolve = resolve;
    });
  }

  /** Who sent this request, when its OAuth access token was accepted. */
  get auth(): MCPAuthInfo | undefined {
    return authOf(this.ctx.request);
  }

  /** Whether this request may see the app's internals (authenticated or over loopback). */
  get trusted(): boolean {
    return callerTrusted(this.ctx);
  }

  /** The client's address, handed to the in-process calls its tools make. */
  get address(): string | null {
    return callerAddress(this.ctx);
  }

  /** The env and execution context the target gave this request, for its tools' in-process calls (`callInProcess`). */
  get platform(): PlatformContext {
    return { env: this.ctx.env, executionCtx: this.ctx.executionCtx };
  }

  /** Aborted when the client goes away or closes the stream; made on first use (the request's own signal is watched lazily). */
  get signal(): AbortSignal {
    if (this.controller === null) {
      const controller = (this.controller = new AbortController());
      const outer = this.ctx.request.signal;
      if (this.closed || outer.aborted) controller.abort('the client closed the stream');
      else outer.addEventListener('abort', () => controller.abort(outer.reason), { once: true });
    }
    return this.controller.signal;
  }

  /** The headers of the POST (for route tools' `forwardHeaders` and the round trip's principal). */
  get headers(): Headers {
    return this.ctx.request.headers;
  }

  /** Keeps work alive after the answer: the platform's `waitUntil` (workers, Lambda; nothing to do on Node, Bun). */
  waitUntil(work: Promise<unknown>): void {
    this.ctx.waitUntil(work);
  }

  send(message: JSONRPCMessage): boolean {
    if (this.finished || !this.streams) return false;
    const text = encodeMessage(message);
    if (text === null) return false;
    if (this.stream === null) {
      this.stream = new SSEStream(() => this.close());
      this.resolve(this.stream.response({ 'x-accel-buffering': 'no' }));
      this.keepAlive = setInterval(() => this.stream?.comment(), KEEP_ALIVE_MS);
    }
    return this.stream.event(text);
  }

  /** Delivers the answer (none when the request was cancelled) and ends the exchange. */
  finish(answer: JSONRPCResponse | null): void {
    this.finished = true;
    clearInterval(this.keepAlive);
    if (this.stream !== null) {
      if (answer !== null) this.stream.event(encodeAnswer(answer));
      this.stream.close();
    } else if (answer === null) {
      this.resolve(accepted(undefined, this.ctx));
    } else {
      this.resolve(makeResponse(this.ctx, encodeAnswer(answer), statusOf(answer), 'application/json'));
    }
  }

  private close(): void {
    this.closed = true;
    clearInterval(this.keepAlive);
    this.controller?.abort('the client closed the stream');
  }
}
