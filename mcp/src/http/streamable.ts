import type { Context } from 'fw';
import { ErrorCode, classify, type JSONRPCResponse } from '../jsonrpc';
import { newPeer, type ClientLink, type PeerState } from '../peer';
import type { MCPServer } from '../server';
import { ASSUMED_VERSION, isSupportedVersion } from '../versions';
import { readJSON } from './body';
import { PostExchange, SESSION_HEADER } from './exchange';
import { rpcErrorResponse } from './responses';
import type { SessionStore } from './sessions';
import { SSEStream } from './sse';

function acceptsSSE(request: Request): boolean {
  const accept = request.headers.get('accept');
  return accept !== null && (accept.includes('text/event-stream') || accept.includes('*/*'));
}

function isInitialize(message: unknown): boolean {
  return typeof message === 'object' && message !== null && (message as { method?: unknown }).method === 'initialize';
}

function needsAnswer(message: unknown): boolean {
  const kind = classify(message).kind;
  return kind === 'request' || kind === 'invalid';
}

/** The streamable HTTP transport (2025-06-18): POST, GET and DELETE on one endpoint, stateless unless sessions are on. */
export class StreamableHTTP {
  /** Open GET streams of this instance by session id, so a new log level reaches them at once. */
  private readonly streams = new Map<string, Set<PeerState>>();

  constructor(private readonly server: MCPServer, private readonly sessions: SessionStore | null) {}

  /** POST: one JSON-RPC message (or a batch); answered as JSON, as SSE, or 202 when nothing needs an answer. */
  post = async (ctx: Context): Promise<Response> => {
    const request = ctx.request;
    const versionHeader = request.headers.get('mcp-protocol-version');
    if (versionHeader !== null && !isSupportedVersion(versionHeader)) {
      return rpcErrorResponse(400, ErrorCode.InvalidRequest, `Unsupported MCP-Protocol-Version "${versionHeader}": use 2025-06-18, 2025-03-26 or 2024-11-05`);
    }
    const body = await readJSON(request);
    if (body instanceof Response) return body;
    const batch = Array.isArray(body);
    const messages: unknown[] = batch ? body : [body];
    if (messages.length === 0) return rpcErrorResponse(400, ErrorCode.InvalidRequest, 'Invalid request: an empty batch');
    const initializing = messages.some(isInitialize);
    if (initializing && messages.length > 1) return rpcErrorResponse(400, ErrorCode.InvalidRequest, 'Invalid request: initialize must be sent on its own');

    const peer = await this.peerFor(request, initializing, versionHeader);
    if (peer instanceof Response) return peer;
    const exchange = new PostExchange(peer, acceptsSSE(request), (p, headers) => this.persist(p, headers, initializing), ctx);
    if (peer.key !== '') exchange.headers[SESSION_HEADER] = peer.key;

    if (!messages.some(needsAnswer)) {
      await Promise.all(messages.map((m) => this.server.handle(m, exchange)));
      exchange.finish([], batch);
      return exchange.response;
    }
    Promise.all(messages.map((m) => this.server.handle(m, exchange, request))).then(
      (answers) => exchange.finish(answers.filter((a): a is JSONRPCResponse => a !== null), batch),
    );
    return exchange.response;
  };

  /**
   * GET: with sessions, a stream of the server's notifications for that session. Stateless servers answer 405, and
   * so do platforms that hand an execution context (workers, Lambda): there a stream cannot be written to from
   * another request, and one that never ends would hang the function.
   */
  get = async (ctx: Context): Promise<Response> => {
    if (this.sessions === null) {
      return rpcErrorResponse(405, ErrorCode.InvalidRequest, 'Method not allowed: this server is stateless and offers no GET stream', { allow: 'POST' });
    }
    if (ctx.executionCtx !== undefined) {
      return rpcErrorResponse(405, ErrorCode.InvalidRequest, 'Method not allowed: on this platform each request stands alone, so there is no GET stream; notifications travel on POST responses', { allow: 'POST, DELETE' });
    }
    const peer = await this.peerFor(ctx.request, false, ctx.request.headers.get('mcp-protocol-version'));
    if (peer instanceof Response) return peer;
    let remove = () => {};
    const stream = new SSEStream(() => remove());
    const link: ClientLink = { peer, canRequest: false, send: (message) => stream.event(JSON.stringify(message)) };
    const removeLink = this.server.addLink(link);
    const peers = this.streams.get(peer.key) ?? new Set<PeerState>();
    this.streams.set(peer.key, peers.add(peer));
    remove = () => {
      removeLink();
      peers.delete(peer);
      if (peers.size === 0) this.streams.delete(peer.key);
    };
    return stream.response({ [SESSION_HEADER]: peer.key });
  };

  /** DELETE: ends a session (405 when sessions are off or the ids are self-contained). */
  delete = async (ctx: Context): Promise<Response> => {
    if (this.sessions === null) return rpcErrorResponse(405, ErrorCode.InvalidRequest, 'Method not allowed: this server has no sessions', { allow: 'POST' });
    const peer = await this.peerFor(ctx.request, false, null);
    if (peer instanceof Response) return peer;
    if (!(await this.sessions.end(peer.key))) {
      return rpcErrorResponse(405, ErrorCode.InvalidRequest, 'Method not allowed: signed sessions cannot be ended early; they expire on their own', { allow: 'POST, GET' });
    }
    return new Response(null, { status: 204 });
  };

  private async peerFor(request: Request, initializing: boolean, versionHeader: string | null): Promise<PeerState | Response> {
    const version = versionHeader ?? ASSUMED_VERSION;
    // Without a session each POST is its own client: a log level set by one never reaches another's requests.
    if (this.sessions === null || initializing) return newPeer('', version, null);
    const id = request.headers.get(SESSION_HEADER);
    if (id === null || id === '') return rpcErrorResponse(400, ErrorCode.InvalidRequest, 'Bad request: missing Mcp-Session-Id header (initialize first)');
    if (!/^[\x21-\x7e]+$/.test(id)) return rpcErrorResponse(400, ErrorCode.InvalidRequest, 'Bad request: Mcp-Session-Id must be visible ASCII');
    const peer = await this.sessions.load(id);
    if (peer === null) return rpcErrorResponse(404, ErrorCode.InvalidRequest, 'Session not found or expired: initialize a new session');
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
