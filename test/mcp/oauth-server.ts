/**
 * A real OAuth 2.1 authorization server for the fw-mcp resource-server tests: oidc-provider on 127.0.0.1, with the
 * client credentials grant, resource indicators (RFC 8707: the token's `aud` is the `resource` asked for), JWT access
 * tokens signed with ES256 (opaque ones for the `opaque` client), introspection (RFC 7662) and revocation. Its signing
 * key can be rotated while it runs (`rotate()`): the new key signs, the old one stays published.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, importJWK, type JWK, type JWTHeaderParameters, SignJWT } from 'jose';
import Provider, { type ClientMetadata } from 'oidc-provider';

/** Scopes the resource server understands and the clients may ask for. */
export const SCOPES = ['mcp:tools', 'mcp:admin'];

/** The clients: `agent` may have every scope, `reader` only mcp:tools, `opaque` gets opaque tokens, `short` 2-second ones. */
export const CLIENTS = {
  agent: { secret: 'agent-secret', scope: 'mcp:tools mcp:admin' },
  reader: { secret: 'reader-secret', scope: 'mcp:tools' },
  opaque: { secret: 'opaque-secret', scope: 'mcp:tools mcp:admin' },
  short: { secret: 'short-secret', scope: 'mcp:tools mcp:admin' },
} as const;

/** The resource server's own client, for introspection. */
export const INTROSPECTOR = { clientId: 'mcp-server', clientSecret: 'mcp-server-secret' };

/** A running authorization server. */
export interface AuthServer {
  issuer: string;
  /** A client-credentials token for `resource` (and `scope`, default the client's own). */
  token(client: keyof typeof CLIENTS, resource: string, scope?: string): Promise<string>;
  /** Revokes a token (RFC 7009), as the client it was issued to. */
  revoke(client: keyof typeof CLIENTS, token: string): Promise<void>;
  /** Signs with a new key from now on (the old one stays published); returns the new key id. */
  rotate(): Promise<string>;
  /**
   * A JWT signed with the key the server signs with now (published at its jwks_uri): `claims` as given (`iss` and
   * a 5-minute `exp` added unless named), under `header` (`typ` included only when given), for tokens the grants cannot
   * issue (an ID token, malformed claims).
   */
  sign(claims: Record<string, unknown>, header?: Partial<JWTHeaderParameters>): Promise<string>;
  /**
   * What oidc-provider itself issues to a client whose client_id is `audience`, signed with the current key: an
   * OpenID Connect ID token for `sub` (`extra` claims such as `nonce` added), or a logout token (`typ: logout+jwt`).
   */
  idToken(audience: string, sub: string, extra?: Record<string, unknown>, use?: 'idtoken' | 'logout'): Promise<string>;
  /** How many times the key set was fetched. */
  readonly jwksFetches: number;
  stop(): Promise<void>;
}

async function signingKey(kid: string): Promise<JWK> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid, alg: 'ES256', use: 'sig' };
}

function provider(issuer: string, keys: JWK[]): Provider {
  const client = (id: keyof typeof CLIENTS): ClientMetadata => ({
    client_id: id,
    client_secret: CLIENTS[id].secret,
    grant_types: ['client_credentials'],
    redirect_uris: [],
    response_types: [],
    scope: CLIENTS[id].scope,
    id_token_signed_response_alg: 'ES256',
  });
  const introspector: ClientMetadata = {
    client_id: INTROSPECTOR.clientId,
    client_secret: INTROSPECTOR.clientSecret,
    grant_types: [],
    redirect_uris: [],
    response_types: [],
    id_token_signed_response_alg: 'ES256',
  };
  return new Provider(issuer, {
    clients: [client('agent'), client('reader'), client('opaque'), client('short'), introspector],
    jwks: { keys },
    scopes: SCOPES,
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      introspection: { enabled: true },
      revocation: { enabled: true, allowedPolicy: () => true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => undefined,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resourceIndicator, client) => ({
          scope: SCOPES.join(' '),
          audience: resourceIndicator,
          accessTokenTTL: client.clientId === 'short' ? 2 : 300,
          accessTokenFormat: client.clientId === 'opaque' ? 'opaque' : 'jwt',
          jwt: { sign: { alg: 'ES256' } },
        }),
      },
    },
  });
}

function basic(id: string, secret: string): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;
}

/** Starts the authorization server on 127.0.0.1 with an ephemeral port. */
export async function startAuthServer(): Promise<AuthServer> {
  let current: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  let jwksFetches = 0;
  const http = createServer((req, res) => {
    if (req.url === '/jwks') jwksFetches++;
    current!(req, res);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const keys = [await signingKey('key-1')];
  current = provider(issuer, keys).callback();
  const post = async (path: string, client: keyof typeof CLIENTS, form: Record<string, string>) =>
    fetch(`${issuer}${path}`, {
      method: 'POST',
      headers: { authorization: basic(client, CLIENTS[client].secret), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
    });
  return {
    issuer,
    async token(client, resource, scope = CLIENTS[client].scope) {
      const response = await post('/token', client, { grant_type: 'client_credentials', resource, scope });
      const body = await response.json();
      if (!response.ok) throw new Error(`token request failed: ${JSON.stringify(body)}`);
      return body.access_token;
    },
    async revoke(client, token) {
      const response = await post('/token/revocation', client, { token });
      if (!response.ok) throw new Error(`revocation failed: HTTP ${response.status}`);
    },
    async rotate() {
      const kid = `key-${keys.length + 1}`;
      keys.unshift(await signingKey(kid));
      current = provider(issuer, keys).callback();
      return kid;
    },
    async sign(claims, header = {}) {
      const key = keys[0];
      const payload = { iss: issuer, exp: Math.floor(Date.now() / 1000) + 300, ...claims };
      return new SignJWT(payload).setProtectedHeader({ alg: 'ES256', kid: key.kid, ...header }).sign(await importJWK(key, 'ES256'));
    },
    async idToken(audience, sub, extra = {}, use = 'idtoken') {
      const signer = new Provider(issuer, {
        clients: [
          {
            client_id: audience,
            client_secret: 'unused',
            grant_types: ['client_credentials'],
            redirect_uris: [],
            response_types: [],
            id_token_signed_response_alg: 'ES256',
          },
        ],
        jwks: { keys },
        ttl: { IdToken: 300 },
        features: { devInteractions: { enabled: false }, clientCredentials: { enabled: true } },
      });
      const client = await signer.Client.find(audience);
      const token = new signer.IdToken({ sub }, { client });
      // The scope the ID token is masked by (untyped in oidc-provider's IdToken): `openid` keeps `sub`.
      Object.assign(token, { scope: 'openid' });
      for (const [claim, value] of Object.entries(extra)) token.set(claim, value);
      return token.issue({ use });
    },
    get jwksFetches() {
      return jwksFetches;
    },
    stop: () => new Promise<void>((resolve) => http.close(() => resolve())),
  };
}
