import type { Context } from 'fw';
import { encodeAnswer, encodeAnswers, encodeMessage } from '../encode';
import type { JSONRPCMessage, JSONRPCResponse } from '../jsonrpc';
import { authOf } from '../auth/request-auth';
import { callerTrusted } from './caller-trust';
import { callerAddress } from './client-address';
import type { MCPAuthInfo } from '../auth/info';
import type { ClientLink, PeerState, PlatformContext } from '../peer';
import { bufferedResponseReason } from './buffered-response';
import { accepted, jsonResponse } from './responses';

/** The header carrying the session id. */
export const SESSION_HEADER = 'mcp-session-id';

/** The SSE side of an exchange: a plain `SSEStream`, or a `ResumableStream` whose events are kept for replay. */
export interface ResponseStream {
  readonly isOpen: boolean;
  event(data: string): boolean;
  close(): void;
  response(headers?: Record<string, string>): Response;
}

/**
 * One POST in flight, seen as a link to its client. The answer starts as plain JSON; the first notification
 * or server-to-client request switches it to an SSE stream (when the client accepts one), which carries
 * every later message and ends with the answer.
 */
export class PostExchange implements ClientLink {
  readonly response: Promise<Response>;
  readonly headers: Record<string, string> = {};
  /** Why no server-to-client request can be sent on this POST whatever the client accepts (buffered Lambda), or undefined. */
  readonly noRequestReason: string | undefined;
  private resolve!: (response: Response) => void;
  private stream: ResponseStream | null = null;
  private finished = false;

  constructor(
    public peer: PeerState,
    private readonly sseAccepted: boolean,
    private readonly persist: (peer: PeerState, headers: Record<string, string>) => Promise<void>,
    private readonly ctx: Context,
    private readonly openStream: () => ResponseStream,
  ) {
    this.response = new Promise((resolve) => {
      this.resolve = resolve;
    });
    this.noRequestReason = bufferedResponseReason(ctx) ?? undefined;
  }

  /**
   * Server-to-client requests need the SSE stream (open or still possible), an unfinished exchange and a platform that
   * sends the response as it is written (not the buffered Lambda handler); a resumable stream stays open without a
   * connection (the request is replayed when the client reconnects).
   */
  get canRequest(): boolean {
    return this.noRequestReason === undefined && this.sseAccepted && !this.finished && (this.stream === null || this.stream.isOpen);
  }

  /** A client with a session can hear the server later on its GET stream, offered where a process serves many requests. */
  get pushes(): boolean {
    return this.peer.key !== '' && this.ctx.executionCtx === undefined;
  }

  /** Who sent this POST, when its OAuth access token was accepted. */
  get auth(): MCPAuthInfo | undefined {
    return authOf(this.ctx.request);
  }

  /** Whether this POST may see the app's internals (authenticated or over loopback). */
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

  /** Keeps work (a task) alive after the answer: the platform's `waitUntil` (workers, Lambda; nothing to do on Node, Bun). */
  waitUntil(work: Promise<unknown>): void {
    this.ctx.waitUntil(work);
  }

  send(message: JSONRPCMessage): boolean {
    if (this.finished || !this.sseAccepted) return false;
    const text = encodeMessage(message);
    if (text === null) return false;
    if (this.stream === null) {
      this.stream = this.openStream();
      this.resolve(this.stream.response(this.headers));
    }
    return this.stream.event(text);
  }

  onPeerChange(peer: PeerState): Promise<void> {
    return this.persist(peer, this.headers);
  }

  /** Delivers the answers (one, a batch, or none for notifications only) and ends the exchange. */
  finish(answers: JSONRPCResponse[], batch: boolean): void {
    this.finished = true;
    if (this.stream !== null) {
      if (batch && answers.length > 0) this.stream.event(encodeAnswers(answers));
      else for (const answer of answers) this.stream.event(encodeAnswer(answer));
      this.stream.close();
      return;
    }
    const headers = this.headers[SESSION_HEADER] === undefined ? undefined : this.headers;
    if (answers.length === 0) this.resolve(accepted(headers, this.ctx));
    else this.resolve(jsonResponse(batch ? answers : answers[0], headers, this.ctx));
  }
}
