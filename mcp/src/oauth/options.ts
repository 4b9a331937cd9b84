import type { Context, CoreFw } from 'fw';
import type { MCPServer } from '../server';

/** The OAuth step of one MCP request: null to let it through, else the refusal (401, 403, 503). */
export type ResourceServerCheck = (ctx: Context) => Promise<Response | null>;

/**
 * What `oauth(options)` makes for the plugin's `oauth` option: the checked options, the check of one endpoint, its
 * `WWW-Authenticate` challenge and its metadata routes (here, so a server without OAuth bundles none of them).
 */
export interface MCPOAuth {
  readonly options: MCPOAuthOptions;
  check(server: MCPServer, endpoint: string): ResourceServerCheck;
  /** The `WWW-Authenticate` value of the endpoint's 401 (with the metadata URL and scopes). */
  challenge(ctx: Context, endpoint: string, error?: 'invalid_token'): string;
  /** Serves the protected-resource metadata (RFC 9728) of the endpoint at `base` on paths no GET route of the app takes. */
  mount(app: CoreFw, base: string, endpoint: string): void;
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
