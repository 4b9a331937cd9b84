import type { Context } from 'fw';
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
  /**
   * Cancellation across requests and instances: a `notifications/cancelled` that reaches an instance not running the
   * request waits in a store the instances share, which the running one reads while the tool runs (default store:
   * `sessions.store`; without one, a cancellation reaches only a request running on the instance that receives it).
   */
  cancellation?: MCPCancellationOptions;
  /** SSE resumability (default: on when sessions are on, events in a `MemoryKV`); false turns it off. */
  resumability?: MCPResumabilityOptions | false;
  /**
   * OAuth 2.1, from `oauth({ authorizationServers, … })`: every MCP request needs an access token issued for this
   * server (instead of `authToken`), and the protected-resource metadata (RFC 9728) is served under
   * `/.well-known/oauth-protected-resource`.
   */
  oauth?: MCPOAuth;
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

/** The OAuth step of one MCP request: null to let it through, else the refusal (401, 403, 503). */
export type ResourceServerCheck = (ctx: Context) => Promise<Response | null>;

/** What `oauth(options)` makes for the plugin's `oauth` option: the checked options, and the check of one endpoint. */
export interface MCPOAuth {
  readonly options: MCPOAuthOptions;
  check(server: MCPServer, endpoint: string): ResourceServerCheck;
}

/**
 * The options of `oauth()`: this MCP server as an OAuth 2.1 resource server: its protected-resource metadata (RFC 9728), and an access token
 * checked on every MCP request (a JWT against its issuer's keys, or an opaque token by introspection), bound to this
 * resource as audience (RFC 8707), with the scopes each tool, resource and prompt declares.
 */
export interface MCPOAuthOptions {
  /**
   * The resource identifier: this MCP endpoint's public URL, which tokens must name as audience (RFC 8707). Required
   * unless `audience` is given (then the metadata names the endpoint as the request reached it): the request's own
   * URL cannot bind tokens, since the client chooses its Host header.
   */
  resource?: string;
  /** Issuer URLs of the authorization servers that issue tokens for this server (at least one); a token's `iss` must be one. */
  authorizationServers: string[];
  /** Scopes this server understands (`scopes_supported`; also the `scope` of the 401 challenge unless `requiredScopes` is set). */
  scopesSupported?: string[];
  /** A human-readable name (`resource_name`). */
  resourceName?: string;
  /** A page documenting this server (`resource_documentation`). */
  resourceDocumentation?: string;
  /**
   * The audiences a token may name instead of the resource identifier, compared exactly: for authorization servers
   * that name an API their own way (Entra ID's `api://<id>`). Default: `resource`, compared in RFC 3986 normal form.
   */
  audience?: string | string[];
  /** Scopes every MCP request needs, whatever it asks for (default none); the `scope` of the 401 challenge. */
  requiredScopes?: string[];
  /** Broader scopes that grant narrower ones, transitively: `{ 'files:admin': ['files:read', 'files:write'] }`. */
  scopeImplies?: Record<string, string[]>;
  /** Seconds of clock difference allowed with the authorization server on `exp` and `nbf` (default 30). */
  clockToleranceSeconds?: number;
  /** JWT access tokens, verified against their issuer's keys (on by default); false sends every token to introspection. */
  jwt?: MCPJWTOptions | false;
  /**
   * Checks a token that is not a JWT yourself (a lookup, your own introspection): resolves with its claims (`scope`,
   * `sub`, `client_id`, and `exp`, `aud`, `iss` when known, which are then checked), or null when it is not valid.
   */
  introspect?: (token: string, ctx: Context) => Record<string, unknown> | null | Promise<Record<string, unknown> | null>;
  /** RFC 7662 introspection at the authorization server for tokens that are not JWTs (when `introspect` is not given). */
  introspection?: MCPIntrospectionOptions;
  /**
   * How answers of `introspection` and `introspect` are cached per token (on by default): an active token until its
   * `exp`, at most `maxAgeSeconds`; an inactive one `inactiveSeconds`. false asks on every request.
   */
  introspectionCache?: MCPIntrospectionCacheOptions | false;
}

/** The cache of introspection answers: bounded in entries and in age, since a token revoked meanwhile works until its entry ends. */
export interface MCPIntrospectionCacheOptions {
  /** Most tokens kept (default 1000); the oldest entry goes first. */
  maxEntries?: number;
  /** Longest an active token's answer is used (default 60 s), even when its `exp` is later: how long a revocation can go unseen. */
  maxAgeSeconds?: number;
  /** How long an inactive (revoked, expired, unknown) answer is used (default 5 s), so a bad token cannot make each request a lookup. */
  inactiveSeconds?: number;
}

/** How JWT access tokens are verified. */
export interface MCPJWTOptions {
  /** The key set URL (default: the `jwks_uri` of the issuer's metadata, discovered once); with one authorization server only. */
  jwksUri?: string;
  /** Signature algorithms accepted (default: whatever the issuer's keys are for). */
  algorithms?: string[];
  /** Seconds a fetched key set is used before it is fetched again (default 600). */
  cacheMaxAgeSeconds?: number;
  /** Seconds after a fetch during which a token signed with an unknown key does not fetch the set again (default 30). */
  cooldownSeconds?: number;
  /**
   * Accept only JWTs typed `at+jwt` (RFC 9068 section 4). Default false: `JWT` or no `typ` passes too (Keycloak, Entra
   * ID), unless the token has an ID token's marks (`nonce`, `at_hash`); any other `typ` is refused either way.
   */
  requireAccessTokenType?: boolean;
}

/** RFC 7662 token introspection, authenticated as this server's client at the authorization server (`client_secret_basic`). */
export interface MCPIntrospectionOptions {
  /** The introspection endpoint (default: the `introspection_endpoint` of the first authorization server's metadata). */
  endpoint?: string;
  clientId: string;
  clientSecret: string;
}
