import type { Context } from 'fw';
import { CrossCancellations, once } from '../cancellation-store';
import { ErrorCode, classify, internalErrorOf, type JSONRPCResponse, type RequestId } from '../jsonrpc';
import { onTokenExpiry } from '../oauth/expiry';
import { principalOf } from '../auth/principal';
import { authOf } from '../auth/request-auth';
import { newPeer, type ClientLink, type PeerState } from '../peer';
import type { AbortSource } from '../request-context';
import type { MCPServer } from '../server';
import { ASSUMED_VERSION, allowsBatches, isModernVersion, isSupportedVersion, unsupportedVersion } from '../versions';
import { sendEncoded } from '../encode';
import { DEFAULT_MAX_BATCH_SIZE } from '../limits';
import { readJSON } from '../http-json/body';
import { cancelCaller } from './cancel-caller';
import { cancellationOf, toolCallId, watchedSource } from './cancellation';
import { admitMessages } from './message-checks';
import type { Replay } from './event-store';
import { PostExchange, SESSION_HEADER, type ResponseStream } from './exchange';
import { isModernPost, modernPost } from './modern-post';
import { acceptsSSE } from './request-exchange';
import type { LiveStreams } from './resumability';
import { rpcErrorResponse } from '../http-json/error-response';
import type { SessionStore } from './sessions';
import { SSEStream } from './sse';

function isInitialize(message: unknown): boolean {
  return typeof message === 'object' && message !== null && (message as { method?: unknown }).method === 'initialize';
}

function needsAnswer(message: unknown): boolean {
  const kind = classify(message).kind;
  return kind === 'request' || kind === 'invalid';
}

/** 400 for an `MCP-Protocol-Version` we do not speak: the spec's UnsupportedProtocolVersionError (-32022) naming the versions we do. */
function unsupportedHeader(requested: string): Response {
  const error = unsupportedVersion(requested);
  return rpcErrorResponse(400, error.code, error.message, undefined, error.data);
}

/** 405 for a GET or DELETE of a 2026-07-28 client: that version has no GET stream and no sessions. */
function noStreamsInModern(): Response {
  return rpcErrorResponse(
    405,
    ErrorCode.InvalidRequest,
    'Method not allowed: 2026-07-28 has no GET stream and no sessions; open a subscriptions/listen stream with a POST',
    { allow: 'POST' },
  );
}

/**
 * The streamable HTTP transport on one endpoint for both eras: 2026-07-28 POSTs are stateless and answered by
 * `modernPost`; 2025-11-25 and older use POST, GET and DELETE, stateless unless sessions are on.
 */
export class StreamableHTTP {
  /** Open GET streams of this instance by session id, so a new log level reaches them at once. */
  private readonly streams = new Map<string, Set<PeerState>>();

  constructor(
    private readonly server: MCPServer,
    private readonly sessions: SessionStore | null,
    private readonly live: LiveStreams | null = null,
    private readonly maxBatchSize = DEFAULT_MAX_BATCH_SIZE,
    private readonly cancellations = new CrossCancellations(null, 250),
  ) {}

  /**
   * POST: one JSON-RPC message (a batch of at most `maxBatchSize` only for versions before 2025-06-18); answered as
   * JSON, as SSE, or 202 when nothing needs an answer; 400 when nothing in it is a valid JSON-RPC message. `initialize`
   * negotiates in its body, so its `MCP-Protocol-Version` header is not checked.
   */
  post = async (ctx: Context): Promise<Response> => {
    const request = ctx.request;
    const body = await readJSON(request);
    if (body instanceof Response) return body;
    if (isModernPost(request.headers, body)) return modernPost(this.server, ctx, body);
    const admitted = admitMessages(body, this.maxBatchSize, ctx);
    if (admitted instanceof Response) return admitted;
    const { messages, batch } = admitted;
    const initializing = messages.some(isInitialize);
    if (initializing && messages.length > 1)
      return rpcErrorResponse(400, ErrorCode.InvalidRequest, 'Invalid request: initialize must be sent on its own');
    const versionHeader = initializing ? null : request.headers.get('mcp-protocol-version');
    if (versionHeader !== null && !isSupportedVersion(versionHeader)) return unsupportedHeader(versionHeader);

    // Stateless: each POST is its own client, made here without an await (most deployments, and every call's path).
    const peer =
      this.sessions === null
        ? newPeer('', versionHeader ?? ASSUMED_VERSION, null)
        : await this.peerFor(request, initializing, versionHeader);
    if (peer instanceof Response) return peer;
    if (batch && !allowsBatches(versionHeader ?? peer.protocolVersion)) {
      return rpcErrorResponse(
        400,
        ErrorCode.InvalidRequest,
        `Invalid request: JSON-RPC batches were removed in protocol version 2025-06-18 (this client speaks ${versionHeader ?? peer.protocolVersion}); send one message per POST`,
      );
    }
    const resumable = this.live !== null && peer.key !== '';
    const openStream = (): ResponseStream => (resumable ? this.live!.open(peer, 'post', ctx) : new SSEStream());
    const exchange = new PostExchange(peer, acceptsSSE(request), (p, headers) => this.persist(p, headers, initializing), ctx, openStream);
    if (peer.key !== '') exchange.headers[SESSION_HEADER] = peer.key;

    const caller = once(() => cancelCaller(ctx, peer));
    if (!messages.some(needsAnswer)) {
      await this.cancelFrom(messages, caller);
      await Promise.all(messages.map((m) => this.server.handle(m, exchange)));
      exchange.finish([], batch);
      return exchange.response;
    }
    if (batch) await this.cancelFrom(messages, caller);
    // A resumable stream outlives its connection: a dropped connection is not a cancellation (the client resumes).
    const abortSource = resumable ? undefined : request;
    const direct = ctx.executionCtx === undefined;
    const failed = (error: unknown) => exchange.finish([internalErrorOf(null, error)], false);
    if (!batch) {
      // One request (every POST since 2025-06-18): no arrays, no Promise.all.
      this.answer(messages[0], exchange, abortSource, caller, direct).then(
        (answer) => exchange.finish(answer === null ? [] : [answer], false),
        failed,
      );
      return exchange.response;
    }
    Promise.all(messages.map((m) => this.answer(m, exchange, abortSource, caller, direct))).then(
      (answers) =>
        exchange.finish(
          answers.filter((a): a is JSONRPCResponse => a !== null),
          batch,
        ),
      failed,
    );
    return exchange.response;
  };

  /** Delivers the `notifications/cancelled` among a POST's messages (before any request of the same batch runs). */
  private async cancelFrom(messages: unknown[], caller: () => Promise<string>): Promise<void> {
    const cancels = messages.map(cancellationOf).filter((c) => c !== null);
    if (cancels.length === 0) return;
    const who = await caller();
    await Promise.all(cancels.map(({ id, reason }) => this.cancellations.cancel(who, id, reason)));
  }

  /**
   * Hands one message to the server; a `tools/call` is watched meanwhile, so a `notifications/cancelled` of its caller
   * reaches it from another POST, or from another instance through the cancellation store.
   */
  private answer(
    message: unknown,
    exchange: PostExchange,
    source: AbortSource | undefined,
    caller: () => Promise<string>,
    direct: boolean,
  ): Promise<JSONRPCResponse | null> {
    const id = toolCallId(message);
    if (id === null) return this.server.handle(message, exchange, source);
    // Workers forbid one request to touch another's I/O objects (an abort included): there the request's own timer
    // aborts it, and its caller is found first, in its own context, so another request compares plain text.
    if (!direct) return caller().then((who) => this.watched(message, exchange, source, () => Promise.resolve(who), id, false));
    return this.watched(message, exchange, source, caller, id, true);
  }

  /** Runs a `tools/call` while the cancellation table watches it. */
  private watched(
    message: unknown,
    exchange: PostExchange,
    source: AbortSource | undefined,
    caller: () => Promise<string>,
    id: RequestId,
    direct: boolean,
  ): Promise<JSONRPCResponse | null> {
    const watch = this.cancellations.watch(caller, id, direct);
    return this.server.handle(message, exchange, watchedSource(source, watch)).finally(() => watch.stop());
  }

  /**
   * GET: with sessions, a stream of the server's notifications for that session; with `Last-Event-ID` (and
   * resumability), the replay of a stream the client lost, on every platform. Stateless servers answer 405, and so
   * do platforms that hand an execution context (workers, Lambda) to a GET without `Last-Event-ID`: there a stream
   * cannot be written to from another request, and one that never ends would hang the function.
   */
  get = async (ctx: Context): Promise<Response> => {
    if (isModernVersion(ctx.request.headers.get('mcp-protocol-version'))) return noStreamsInModern();
    if (this.sessions === null) {
      return rpcErrorResponse(405, ErrorCode.InvalidRequest, 'Method not allowed: this server is stateless and offers no GET stream', {
        allow: 'POST',
      });
    }
    const lastEventId = this.live === null ? null : ctx.request.headers.get('last-event-id');
    if (lastEventId === null && ctx.executionCtx !== undefined) {
      return rpcErrorResponse(
        405,
        ErrorCode.InvalidRequest,
        'Method not allowed: on this platform each request stands alone, so there is no GET stream; notifications travel on POST responses',
        { allow: 'POST, DELETE' },
      );
    }
    const versionHeader = ctx.request.headers.get('mcp-protocol-version');
    if (versionHeader !== null && !isSupportedVersion(versionHeader)) return unsupportedHeader(versionHeader);
    const peer = await this.peerFor(ctx.request, false, versionHeader);
    if (peer instanceof Response) return peer;
    if (lastEventId !== null) {
      return this.live!.resume(ctx, peer, lastEventId, (replay) => this.standalone(ctx, peer, replay), { [SESSION_HEADER]: peer.key });
    }
    return this.standalone(ctx, peer);
  };

  /**
   * Opens the session's GET stream (resumable when resumability is on), after replayed events when given. With OAuth
   * it ends when the access token that opened it expires: the client reconnects with a valid one.
   */
  private standalone(ctx: Context, peer: PeerState, replayed?: Replay): Response {
    const peers = this.streams.get(peer.key) ?? new Set<PeerState>();
    this.streams.set(peer.key, peers.add(peer));
    let removeLink = () => {};
    let cancelExpiry = () => {};
    const remove = () => {
      cancelExpiry();
      removeLink();
      peers.delete(peer);
      if (peers.size === 0) this.streams.delete(peer.key);
    };
    const headers = { [SESSION_HEADER]: peer.key };
    const stream = this.live === null ? new SSEStream(remove) : this.live.open(peer, 'get', ctx, remove);
    cancelExpiry = onTokenExpiry(authOf(ctx.request), () => stream.close());
    const link: ClientLink = { peer, canRequest: false, send: (message) => sendEncoded(message, (text) => stream.event(text)) };
    removeLink = this.server.addLink(link);
    return stream instanceof SSEStream ? stream.response(headers) : stream.response(headers, replayed);
  }

  /** DELETE: ends a session (405 when sessions are off or the ids are self-contained). */
  delete = async (ctx: Context): Promise<Response> => {
    if (isModernVersion(ctx.request.headers.get('mcp-protocol-version'))) return noStreamsInModern();
    if (this.sessions === null)
      return rpcErrorResponse(405, ErrorCode.InvalidRequest, 'Method not allowed: this server has no sessions', { allow: 'POST' });
    const peer = await this.peerFor(ctx.request, false, null);
    if (peer instanceof Response) return peer;
    if (!(await this.sessions.end(peer.key))) {
      return rpcErrorResponse(
        405,
        ErrorCode.InvalidRequest,
        'Method not allowed: signed sessions cannot be ended early; they expire on their own',
        { allow: 'POST, GET' },
      );
    }
    return new Response(null, { status: 204 });
  };

  /**
   * The client of a request: a new peer (stateless, or initializing: bound to the token's principal with OAuth), or
   * its session's, which only the principal that opened it can use: under another one it is "not found", as an
   * unknown id, so a session id taken from another user neither works nor tells that it exists.
   */
  private async peerFor(request: Request, initializing: boolean, versionHeader: string | null): Promise<PeerState | Response> {
    const version = versionHeader ?? ASSUMED_VERSION;
    // Without a session each POST is its own client: a log level set by one never reaches another's requests.
    if (this.sessions === null) return newPeer('', version, null);
    if (initializing) {
      const peer = newPeer('', version, null);
      peer.principal = await principalOf(authOf(request));
      return peer;
    }
    const id = request.headers.get(SESSION_HEADER);
    if (id === null || id === '')
      return rpcErrorResponse(400, ErrorCode.InvalidRequest, 'Bad request: missing Mcp-Session-Id header (initialize first)');
    if (!/^[\x21-\x7e]+$/.test(id))
      return rpcErrorResponse(400, ErrorCode.InvalidRequest, 'Bad request: Mcp-Session-Id must be visible ASCII');
    const peer = await this.sessions.load(id);
    if (peer === null || (peer.principal ?? '') !== (await principalOf(authOf(request))))
      return rpcErrorResponse(404, ErrorCode.InvalidRequest, 'Session not found or expired: initialize a new session');
    return peer;
  }

  private async persist(peer: PeerState, headers: Record<string, string>, initializing: boolean): Promise<void> {
    if (this.sessions === null) return;
    if (initializing && peer.key === '') {
      headers[SESSION_HEADER] = await this.sessions.create(peer);
      return;
    }
    await this.sessions.save(peer);
    for (const open of this.streams.get(peer.key) ?? []) open.logLevel = peer.logLevel;
  }
}
