import type { ExecutionContext } from 'fw';
import type { JSONRPCMessage } from './jsonrpc';
import type { MCPAuthInfo } from './auth/info';

/** Log levels of `notifications/message`, least severe first. */
export const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;

/** One MCP log level. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Whether a string is an MCP log level. */
export function isLogLevel(value: unknown): value is LogLevel {
  return typeof value === 'string' && (LOG_LEVELS as readonly string[]).includes(value);
}

/** The request `_meta` key carrying a log level for that request only (2026-07-28's form; honoured in every version). */
export const LOG_LEVEL_META = 'io.modelcontextprotocol/logLevel';

/** Whether a message at `level` passes a client's minimum level (no minimum: everything passes). */
export function levelPasses(level: LogLevel, minimum: LogLevel | null): boolean {
  return minimum === null || LOG_LEVELS.indexOf(level) >= LOG_LEVELS.indexOf(minimum);
}

/** What the server knows about the client at the other end: negotiated version, capabilities, log level. */
export interface PeerState {
  /** Session id, or '' when the transport is stateless. */
  key: string;
  protocolVersion: string;
  /** Capabilities the client declared in `initialize`; null when unknown (stateless HTTP without a session). */
  clientCapabilities: Record<string, unknown> | null;
  clientInfo?: { name?: string; version?: string };
  /** Minimum level of log messages to send; null sends everything (legacy) or, for a modern request, nothing. */
  logLevel: LogLevel | null;
  /**
   * 2026-07-28: true for the per-request peer of a modern request, and on a connection (stdio) once its client spoke
   * that era; such a client hears nothing outside its own requests and its `subscriptions/listen` streams.
   */
  modern?: boolean;
  /**
   * With OAuth, the digest of the token's issuer, subject and client id that opened the session (`principalOf`): a
   * request under another principal finds no such session. Absent or '' without OAuth.
   */
  principal?: string;
}

/** A fresh peer state for a transport that has not seen `initialize` yet. */
export function newPeer(key: string, protocolVersion: string, clientCapabilities: Record<string, unknown> | null): PeerState {
  return { key, protocolVersion, clientCapabilities, logLevel: null };
}

/** What the target handed an MCP request besides the Request itself: fw's `ctx.env` and `ctx.executionCtx`. */
export interface PlatformContext {
  /** The bindings on workers, `{ event, context }` on Lambda, the connection on Node (`{ incoming }`) and Bun (`{ server }`). */
  readonly env: unknown;
  /** The platform's execution context (`waitUntil`) on workers and Lambda; undefined on the server runtimes. */
  readonly executionCtx: ExecutionContext | undefined;
}

/**
 * The way back to a client: each transport hands one to the server with every message it receives
 * (the SSE response stream of a POST, a stdio connection, a legacy SSE stream).
 */
export interface ClientLink {
  /** The client this link leads to. */
  readonly peer: PeerState;
  /** Whether a server-to-client request can travel over this link now (its answer has a way back). */
  readonly canRequest: boolean;
  /**
   * Why a server-to-client request cannot travel over this link, when the transport knows a reason better than the
   * generic one (the buffered Lambda handler); the error a handler gets says it.
   */
  readonly noRequestReason?: string;
  /** Sends a notification or a server-to-client request; returns false when the link cannot carry it. */
  send(message: JSONRPCMessage): boolean;
  /** Called when the server changed peer state the transport may want to persist (log level, initialize). */
  onPeerChange?(peer: PeerState): void | Promise<void>;
  /**
   * Whether the client can hear the server outside its own requests (list changes, resource updates): true for
   * stdio, a legacy SSE stream, or a session whose GET stream this platform offers. Absent means true.
   */
  readonly pushes?: boolean;
  /** Keeps work alive after the answer on platforms that end a request with its response (workers, Lambda). */
  waitUntil?(work: Promise<unknown>): void;
  /** Who sent the request this link answers, as its accepted OAuth access token says (streamable HTTP with `oauth`). */
  readonly auth?: MCPAuthInfo;
  /**
   * Whether the client may see the app's internals (runtime tools, workflows): it authenticated at the endpoint
   * (`authToken`, `oauth`, `authorize`), came over loopback, or is the stdio client. Absent means not trusted.
   */
  readonly trusted?: boolean;
  /** The client's address as the endpoint knows it (fw's peer address, or `trustProxy()`'s), handed to in-process calls. */
  readonly address?: string | null;
  /** What the target gave the HTTP request this link answers (its env and execution context); absent over stdio. */
  readonly platform?: PlatformContext;
  /** Headers every in-process call made for this client carries (stdio's `headers`: the credentials its entry was given). */
  readonly callHeaders?: Readonly<Record<string, string>>;
}

/** Who a message comes from, for isolation: the session id when there is one, else the link itself (one POST exchange). */
export type ClientScope = string | ClientLink;

/** The client a link belongs to: its session (or stdio, or legacy stream) id, else the link (stateless: one POST). */
export function clientScope(link: ClientLink): ClientScope {
  return link.peer.key !== '' ? link.peer.key : link;
}
