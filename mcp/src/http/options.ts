import type { Context } from 'fw';

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
  /** When set, every MCP endpoint requires `Authorization: Bearer <authToken>`. */
  authToken?: string;
  /** Token bucket per client key: `max` requests per `windowMs`. */
  rateLimit?: { max: number; windowMs: number };
  /**
   * The client key of the rate limit. Default: `ctx.ip` when the app mounts fw's `trustProxy()` (forwarding headers
   * are trusted only through it), else the address the target knows (socket on Node and Bun, CF-Connecting-IP on
   * workers, the source IP on Lambda), else `unknown`.
   */
  rateLimitKey?: (request: Request, ctx: Context) => string;
  /** Serve the legacy HTTP+SSE transport too (default true). */
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
  /** SSE resumability (default: on when sessions are on, events in a `MemoryKV`); false turns it off. */
  resumability?: MCPResumabilityOptions | false;
  /** OAuth 2.0 protected-resource metadata (RFC 9728) served under `/.well-known/oauth-protected-resource`. */
  oauth?: MCPOAuthOptions;
}

/** Options of SSE resumability: event ids, replay on a GET with `Last-Event-ID`, polling. */
export interface MCPResumabilityOptions {
  /** Where events wait for a replay (default: a `MemoryKV` of this instance; share a `KVStore` to replay on any instance). */
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

/** OAuth protected-resource metadata (RFC 9728) of this MCP server; token checks stay with `authorize`. */
export interface MCPOAuthOptions {
  /** The resource identifier: this MCP endpoint's public URL (default: derived from the request, origin + path). */
  resource?: string;
  /** Issuer URLs of the authorization servers that issue tokens for this server (at least one). */
  authorizationServers: string[];
  /** Scopes this server understands (`scopes_supported`; also the `scope` of the 401 challenge). */
  scopesSupported?: string[];
  /** A human-readable name (`resource_name`). */
  resourceName?: string;
  /** A page documenting this server (`resource_documentation`). */
  resourceDocumentation?: string;
}
