import { capabilitiesFromPaths } from './client-capabilities';
import { capabilityGap } from './input-capability';
import { ErrorCode, RpcError, notificationOf, type RequestId } from './jsonrpc';
import { INPUT_METHODS } from './modern/input-response';
import type { RoundTrip } from './modern/round-trip';
import { LOG_LEVEL_META, isLogLevel, levelPasses, type ClientLink, type LogLevel, type PeerState } from './peer';
import type { MCPAuthInfo } from './auth/info';
import type { MCPServer } from './server';
import type { CoreFw, ExecutionContext } from 'fw';

/** Whatever carries the transport's abort signal (a Request, or an HTTP exchange) and the HTTP request's headers. */
export interface AbortSource {
  readonly signal: AbortSignal;
  readonly headers?: Headers;
}

/** How a handler names an input request: its key in a 2026-07-28 `inputRequests` (default `ask-<n>`, the n-th ask); ignored before. */
export interface InputOptions {
  key?: string;
}

/** What a 2026-07-28 request brings: its own peer (from its `_meta`), and the round that answers its input requests. */
export interface ModernRequest {
  peer: PeerState;
  trip?: RoundTrip;
}

/** What every tool, resource and prompt handler gets besides its arguments: the request's way back to the client. */
export class RequestContext {
  readonly requestId: RequestId;
  /** The request's `params._meta` (empty object when absent). */
  readonly meta: Record<string, unknown>;
  readonly server: MCPServer;
  private readonly link: ClientLink;
  private readonly source: AbortSource | undefined;
  private controller: AbortController | null = null;
  private abortReason: { reason: unknown } | null = null;
  private lastProgress = -Infinity;
  private done = false;

  private readonly modern: ModernRequest | undefined;

  /** `modern`: a 2026-07-28 request's own peer and round trip (the link then only carries its notifications). */
  constructor(
    server: MCPServer,
    link: ClientLink,
    requestId: RequestId,
    meta: Record<string, unknown> | undefined,
    source?: AbortSource,
    modern?: ModernRequest,
  ) {
    this.server = server;
    this.link = link;
    this.requestId = requestId;
    this.meta = meta ?? {};
    this.source = source;
    this.modern = modern;
  }

  /**
   * Aborted when the client cancels the request (`notifications/cancelled`) or goes away. Made on first use:
   * most handlers never look at it, and an AbortSignal is not free.
   */
  get signal(): AbortSignal {
    if (this.controller === null) {
      this.controller = new AbortController();
      const outer = this.source?.signal;
      if (this.abortReason !== null) this.controller.abort(this.abortReason.reason);
      else if (outer?.aborted) this.abort(outer.reason);
      else outer?.addEventListener('abort', () => this.abort(outer.reason), { once: true });
    }
    return this.controller.signal;
  }

  /** Whether the request was cancelled (by the client, or, for a handler watching `signal`, its connection closing). */
  get cancelled(): boolean {
    return this.abortReason !== null;
  }

  /** Cancels the request: its signal aborts with `reason`. */
  abort(reason: unknown): void {
    if (this.abortReason !== null) return;
    this.abortReason = { reason };
    this.controller?.abort(reason);
  }

  /** Headers of the HTTP request that carried this message (undefined over stdio). */
  get headers(): Headers | undefined {
    return this.source?.headers;
  }

  /** Who called, as the request's accepted OAuth access token says (scopes, subject, client, claims); undefined without OAuth. */
  get auth(): MCPAuthInfo | undefined {
    return this.link.auth;
  }

  /** Whether the client may see the app's internals (runtime tools, workflows): authenticated, loopback or stdio. */
  get trusted(): boolean {
    return this.link.trusted === true;
  }

  /** The client's address as the endpoint knows it (null when unknown), handed to in-process calls. */
  get address(): string | null {
    return this.link.address ?? null;
  }

  /** Headers every in-process call made for this client carries (stdio's `headers` option); empty elsewhere. */
  get callHeaders(): Readonly<Record<string, string>> {
    return this.link.callHeaders ?? {};
  }

  /**
   * The env the target gave the MCP request (`ctx.env` of its route): the bindings on workers, `{ event, context }` on
   * Lambda, the connection on Node and Bun; undefined over stdio and the legacy SSE transport.
   */
  get env(): unknown {
    return this.link.platform?.env;
  }

  /** The execution context the target gave the MCP request (workers, Lambda: its `waitUntil`); undefined elsewhere. */
  get executionCtx(): ExecutionContext | undefined {
    return this.link.platform?.executionCtx;
  }

  /** The fw app the server is bound to, or null. */
  get app(): CoreFw | null {
    return this.server.app;
  }

  /** What the server knows about the client (version, capabilities, log level); a 2026-07-28 request's own. */
  get peer(): PeerState {
    return this.modern?.peer ?? this.link.peer;
  }

  /** The progress token the client sent with this request, if any. */
  get progressToken(): string | number | undefined {
    const token = this.meta.progressToken;
    return typeof token === 'string' || typeof token === 'number' ? token : undefined;
  }

  /** Sends any notification to the client of this request (dropped once the request has been answered). */
  sendNotification(method: string, params?: Record<string, any>): boolean {
    if (this.done) return false;
    return this.link.send(notificationOf(method, params));
  }

  /**
   * The minimum log level for this request: its own `_meta` level when it carries one, else the client's (a 2026-07-28
   * request without one hears no log messages).
   */
  get logLevel(): LogLevel | null {
    const own = this.meta[LOG_LEVEL_META];
    return isLogLevel(own) ? own : this.peer.logLevel;
  }

  /** Sends `notifications/message` when `level` passes this request's minimum level. */
  log(level: LogLevel, data: unknown, logger?: string): boolean {
    if (this.modern !== undefined && !isLogLevel(this.meta[LOG_LEVEL_META])) return false;
    if (!levelPasses(level, this.logLevel)) return false;
    return this.sendNotification('notifications/message', logger === undefined ? { level, data } : { level, data, logger });
  }

  /** Sends `notifications/progress` when the client asked for progress; values must increase. */
  notifyProgress(progress: number, total?: number, message?: string): boolean {
    const progressToken = this.progressToken;
    if (progressToken === undefined || !(progress > this.lastProgress)) return false;
    this.lastProgress = progress;
    const params: Record<string, unknown> = { progressToken, progress };
    if (total !== undefined) params.total = total;
    if (message !== undefined) params.message = message;
    return this.sendNotification('notifications/progress', params);
  }

  /**
   * Asks the client and resolves with its result: 2025-11-25 and older send a server-to-client request (failing at once
   * when no channel exists); 2026-07-28 answers the call with an InputRequiredResult and resolves when the client's
   * retry brings the answer (the handler runs again from its start, see README "Multi round-trip requests").
   */
  request(method: string, params?: Record<string, any>, options?: InputOptions): Promise<Record<string, any>> {
    const modern = this.modern;
    if (modern === undefined) return this.server.outgoing.request(this.link, method, params, this.signal);
    if (!(INPUT_METHODS as readonly string[]).includes(method))
      return Promise.reject(
        new RpcError(
          ErrorCode.InternalError,
          `2026-07-28 lets a server ask the client only for ${INPUT_METHODS.join(', ')}, not ${method}`,
        ),
      );
    const gap = capabilityGap(modern.peer.clientCapabilities ?? {}, method, params);
    if (gap !== null)
      return Promise.reject(
        new RpcError(ErrorCode.MissingRequiredClientCapability, gap.message, { requiredCapabilities: capabilitiesFromPaths([gap.path]) }),
      );
    if (modern.trip === undefined)
      return Promise.reject(
        new RpcError(ErrorCode.InternalError, `${method} can be asked only while answering tools/call, prompts/get or resources/read`),
      );
    return modern.trip.ask(method, params, options?.key);
  }

  /** Asks the client's model to generate a message (`sampling/createMessage`). */
  createMessage(params: Record<string, any>, options?: InputOptions): Promise<Record<string, any>> {
    return this.request('sampling/createMessage', params, options);
  }

  /** Asks the user for structured input (`elicitation/create`). */
  elicit(params: Record<string, any>, options?: InputOptions): Promise<Record<string, any>> {
    return this.request('elicitation/create', params, options);
  }

  /** Asks the client for its roots (`roots/list`). */
  listRoots(options?: InputOptions): Promise<Record<string, any>> {
    return this.request('roots/list', undefined, options);
  }

  /** Marks the request answered: later notifications and progress are dropped. */
  finish(): void {
    this.done = true;
  }
}
