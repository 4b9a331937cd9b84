import type { Context } from 'fw';
import type { MCPOAuth } from '../oauth/options';
import type { MCPServer } from '../server';

/** The part of fw's `KVStore` sessions use (any `KVStore`: memory, Workers KV, Redis). */
export interface SessionKV {
  get(key: string): Promise<string | null>;
  put(key: string, value: string, options?: { ttl?: number }): Promise<void>;
  delete(key: string): Promise<void>;
}

/** Options of the optional HTTP sessions: a secret for signed self-contained ids, or a KV store. */
export interface MCPSessionOptions {
  /** Signs self-contained session ids (HMAC-SHA256): any instance holding the secret accepts them. */
  secret?: string;
  /** Keeps sessions in a KV store shared by the instances (takes precedence over `secret`). */
  store?: SessionKV;
  /** Session lifetime in seconds (default 86400). */
  ttl?: number;
}

/** Options of the streamable HTTP transport (`createMCPPlugin`, `server.startHTTP`). */
export interface MCPHTTPOptions {
  /** The endpoint (default `/mcp`); legacy SSE lives at `<path>/sse` and `<path>/stream`. */
  path?: string;
  /**
   * When set, every MCP endpoint requires `Authorization: Bearer <token>`: a fixed token, or a function that reads
   * it per request (`(ctx) => ctx.env.MCP_TOKEN` for a worker secret). A function that gives no token refuses every
   * request with a 500, so a missing secret never opens the endpoint.
   */
  authToken?: string | ((ctx: Context) => string | undefined);
  /** Token bucket per client key: `max` requests per `windowMs`. */
  rateLimit?: { max: number; windowMs: number };
  /**
   * The client key of the rate limit. Default: `ctx.ip` when the app mounts fw's `trustProxy()` (forwarding headers
   * are trusted only through it), else the address the target knows (socket on Node and Bun, CF-Connecting-IP on
   * workers, the source IP on Lambda), else `unknown`.
   */
  rateLimitKey?: (request: Request, ctx: Context) => string;
  /**
   * Largest request body the MCP routes accept, in bytes (default: the app's `maxBodySize`, 1 MiB unless set);
   * larger ones get 413 with a JSON-RPC error. On fw/node and fw/bun the server's own `maxBodySize` still applies first.
   */
  maxBodySize?: number;
  /** Most messages one JSON-RPC batch may hold (default 100); a larger batch gets one -32600 error with HTTP 400. */
  maxBatchSize?: number;
  /**
   * The legacy HTTP+SSE transport (2024-11-05) on `<path>/sse` and `<path>/stream`: `legacySSE` from
   * `fw-mcp/legacy-sse` (default none: those paths answer 405 with a JSON-RPC error saying to use streamable HTTP).
   */
  legacySSE?: MCPLegacySSE;
  /** false turns off a given `legacySSE`; true without `legacySSE` fails at startup (legacy SSE is an import). */
  enableSSE?: boolean;
  /** Sessions (default off: stateless, any instance answers any request). */
  sessions?: MCPSessionOptions;
  /**
   * Decides access per request after the built-in checks (e.g. a session or an API key); false answers 401 with a
   * JSON-RPC error. Runs inside the MCP route handlers, so compile() and listen() cannot bypass it.
   */
  authorize?: (ctx: Context) => boolean | Promise<boolean>;
  /**
   * Origins browsers may call from. When set, a request whose Origin header is not listed gets 403 on every target;
   * when unset, only a local server checks Origin (loopback Origins only).
   */
  allowedOrigins?: string[];
  /** Host names accepted (default: any, except that an app listening on a loopback name accepts only loopback names). */
  allowedHosts?: string[];
  /**
   * Cancellation across requests and instances: a `notifications/cancelled` that reaches an instance not running the
   * request waits in a store the instances share, which the running one reads while the tool runs (default store:
   * `sessions.store`; without one, a cancellation reaches only a request running on the instance that receives it).
   */
  cancellation?: MCPCancellationOptions;
  /** SSE resumability (default: on when sessions are on, events in memory); false turns it off. */
  resumability?: MCPResumabilityOptions | false;
  /**
   * OAuth 2.1, from `oauth({ authorizationServers, … })`: every MCP request needs an access token issued for this
   * server (instead of `authToken`), and the protected-resource metadata (RFC 9728) is served under
   * `/.well-known/oauth-protected-resource`.
   */
  oauth?: MCPOAuth;
}

/** The legacy HTTP+SSE transport as `fw-mcp/legacy-sse` exports it (`legacySSE`). */
export interface MCPLegacySSE {
  /** Makes the transport of one server: the handlers of `GET <path>/sse` and of `POST <postPath>`. */
  transport(
    server: MCPServer,
    postPath: string,
    maxBatchSize: number | undefined,
  ): { open(ctx: Context): Promise<Response>; post(ctx: Context): Promise<Response> };
}

/** Options of cross-instance cancellation (`cancellation`). */
export interface MCPCancellationOptions {
  /** The store the instances share (Redis on Node, Bun and Lambda; a Durable Object KV on workers): the one of `tasks` or `sessions`. */
  store?: SessionKV;
  /** Milliseconds between two reads of the store by an instance running a `tools/call` (default 250). */
  pollIntervalMs?: number;
}

/** Options of SSE resumability: event ids, replay on a GET with `Last-Event-ID`, polling. */
export interface MCPResumabilityOptions {
  /** Where events wait for a replay (default: an in-memory store of this instance; share a `KVStore` to replay on any instance). */
  store?: SessionKV;
  /** Seconds an event is kept for replay (default 300, at most 86400). */
  ttl?: number;
  /** The SSE `retry` (milliseconds) sent to 2025-11-25 clients: how long to wait before reconnecting (default 1000). */
  retryMs?: number;
  /**
   * Polling: the server closes a 2025-11-25 client's stream connection after this many milliseconds without the
   * answer (after sending `retry`); the work goes on and the client reconnects with `Last-Event-ID` (default: never).
   */
  pollAfterMs?: number;
}
