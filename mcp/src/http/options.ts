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
  /** The client key of the rate limit (default: x-forwarded-for, else x-real-ip, else `local`). */
  rateLimitKey?: (request: Request) => string;
  /** Serve the legacy HTTP+SSE transport too (default true). */
  enableSSE?: boolean;
  /** Sessions (default off: stateless, any instance answers any request). */
  sessions?: MCPSessionOptions;
  /**
   * Decides access per request after the built-in checks (e.g. a session or an API key); false answers 401 with a
   * JSON-RPC error. Runs inside the MCP route handlers, so compile() and listen() cannot bypass it.
   */
  authorize?: (ctx: Context) => boolean | Promise<boolean>;
  /** Origins accepted besides loopback ones (an Origin header not listed on a localhost server is refused). */
  allowedOrigins?: string[];
  /** Host names accepted (default: any, except that an app listening on a loopback name accepts only loopback names). */
  allowedHosts?: string[];
}
