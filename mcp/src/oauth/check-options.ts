import type { MCPIntrospectionCacheOptions, MCPIntrospectionOptions, MCPJWTOptions, MCPOAuthOptions } from './options';
import { hasDotSegments, normalResourceURI, resourceURIProblem } from './audience';
import { checkScopes, isScopeToken } from '../auth/scopes';
import { isRecord } from './types';

const oauthKeys: Record<keyof MCPOAuthOptions, true> = {
  resource: true,
  authorizationServers: true,
  scopesSupported: true,
  resourceName: true,
  resourceDocumentation: true,
  audience: true,
  requiredScopes: true,
  scopeImplies: true,
  clockToleranceSeconds: true,
  jwt: true,
  introspect: true,
  introspection: true,
  introspectionCache: true,
};
const jwtKeys: Record<keyof MCPJWTOptions, true> = {
  jwksUri: true,
  algorithms: true,
  cacheMaxAgeSeconds: true,
  cooldownSeconds: true,
  requireAccessTokenType: true,
};
const introspectionKeys: Record<keyof MCPIntrospectionOptions, true> = { endpoint: true, clientId: true, clientSecret: true };
const cacheKeys: Record<keyof MCPIntrospectionCacheOptions, true> = { maxEntries: true, maxAgeSeconds: true, inactiveSeconds: true };

function knownKeys(where: string, value: object, known: Record<string, true>): void {
  for (const key of Object.keys(value))
    if (!Object.hasOwn(known, key))
      throw new TypeError(`${where}: unknown option "${key}"; the options are ${Object.keys(known).join(', ')}`);
}

function absoluteURL(name: string, value: unknown): void {
  const url = typeof value === 'string' && URL.canParse(value) ? new URL(value) : null;
  if (url === null || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.hash !== '')
    throw new TypeError(`oauth.${name} must be an absolute http(s) URL without a fragment, got ${JSON.stringify(value)}`);
}

function seconds(name: string, value: unknown): void {
  if (value !== undefined && !(typeof value === 'number' && Number.isFinite(value) && value >= 0))
    throw new TypeError(`oauth.${name} must be a number of seconds, 0 or more, got ${JSON.stringify(value)}`);
}

function strings(name: string, value: unknown): void {
  if (!Array.isArray(value) || value.length === 0 || value.some((item) => typeof item !== 'string' || item === ''))
    throw new TypeError(`oauth.${name} must be a non-empty string or a list of them, got ${JSON.stringify(value)}`);
}

function checkImplies(value: unknown): void {
  if (value === undefined) return;
  if (!isRecord(value)) throw new TypeError(`oauth.scopeImplies must map a scope to the scopes it grants, got ${JSON.stringify(value)}`);
  for (const [scope, implied] of Object.entries(value)) {
    if (!isScopeToken(scope)) throw new TypeError(`oauth.scopeImplies: ${JSON.stringify(scope)} is not a valid scope token`);
    checkScopes(`oauth.scopeImplies[${JSON.stringify(scope)}]`, implied);
  }
}

function checkJWT(jwt: unknown, servers: number): void {
  if (jwt === undefined || jwt === false) return;
  if (!isRecord(jwt)) throw new TypeError(`oauth.jwt must be an object or false, got ${JSON.stringify(jwt)}`);
  knownKeys('oauth.jwt', jwt, jwtKeys);
  if (jwt.jwksUri !== undefined) {
    absoluteURL('jwt.jwksUri', jwt.jwksUri);
    if (servers > 1)
      throw new TypeError(
        'oauth.jwt.jwksUri names one key set, but oauth.authorizationServers lists several: leave it out, each issuer names its own',
      );
  }
  if (jwt.algorithms !== undefined) strings('jwt.algorithms', jwt.algorithms);
  seconds('jwt.cacheMaxAgeSeconds', jwt.cacheMaxAgeSeconds);
  seconds('jwt.cooldownSeconds', jwt.cooldownSeconds);
  if (jwt.requireAccessTokenType !== undefined && typeof jwt.requireAccessTokenType !== 'boolean')
    throw new TypeError(`oauth.jwt.requireAccessTokenType must be true or false, got ${JSON.stringify(jwt.requireAccessTokenType)}`);
}

/** The resource identifier must be one a token's `aud` can name, and written as it is compared (no dot-segments). */
function checkResource(resource: unknown): void {
  const problem = typeof resource === 'string' ? resourceURIProblem(resource) : 'it is not a string';
  if (problem !== undefined)
    throw new TypeError(
      `oauth.resource must be this endpoint's public http(s) URL (https://mcp.example.com/mcp), but ${problem}: got ${JSON.stringify(resource)}`,
    );
  if (hasDotSegments(resource as string))
    throw new TypeError(
      `oauth.resource has "." or ".." path segments: write it as ${JSON.stringify(normalResourceURI(resource as string))}, got ${JSON.stringify(resource)}`,
    );
}

function checkIntrospection(introspection: unknown): void {
  if (introspection === undefined) return;
  if (!isRecord(introspection)) throw new TypeError('oauth.introspection must be { clientId, clientSecret, endpoint? }');
  knownKeys('oauth.introspection', introspection, introspectionKeys);
  for (const key of ['clientId', 'clientSecret'] as const)
    if (typeof introspection[key] !== 'string' || introspection[key] === '')
      throw new TypeError(`oauth.introspection.${key} must be this server's ${key} at the authorization server (a non-empty string)`);
  if (introspection.endpoint !== undefined) absoluteURL('introspection.endpoint', introspection.endpoint);
}

function checkCache(cache: unknown): void {
  if (cache === undefined || cache === false) return;
  if (!isRecord(cache))
    throw new TypeError(
      `oauth.introspectionCache must be { maxEntries?, maxAgeSeconds?, inactiveSeconds? } or false, got ${JSON.stringify(cache)}`,
    );
  knownKeys('oauth.introspectionCache', cache, cacheKeys);
  if (cache.maxEntries !== undefined && !(Number.isSafeInteger(cache.maxEntries) && (cache.maxEntries as number) >= 0))
    throw new TypeError(`oauth.introspectionCache.maxEntries must be a whole number, 0 or more, got ${JSON.stringify(cache.maxEntries)}`);
  seconds('introspectionCache.maxAgeSeconds', cache.maxAgeSeconds);
  seconds('introspectionCache.inactiveSeconds', cache.inactiveSeconds);
}

/** Checks the options of `oauth()`: a TypeError names the field and what to give instead. */
export function checkOAuth(options: MCPOAuthOptions): void {
  if (!isRecord(options)) throw new TypeError("oauth() takes an object: oauth({ authorizationServers: ['https://auth.example.com'] })");
  knownKeys('oauth', options, oauthKeys);
  if (!Array.isArray(options.authorizationServers) || options.authorizationServers.length === 0)
    throw new TypeError('oauth.authorizationServers must list at least one authorization server (its issuer URL)');
  for (const issuer of options.authorizationServers) absoluteURL('authorizationServers[]', issuer);
  if (options.resource !== undefined) checkResource(options.resource);
  if (options.resourceDocumentation !== undefined) absoluteURL('resourceDocumentation', options.resourceDocumentation);
  checkScopes('oauth.scopesSupported', options.scopesSupported);
  checkScopes('oauth.requiredScopes', options.requiredScopes);
  checkImplies(options.scopeImplies);
  if (options.audience !== undefined) strings('audience', [options.audience].flat());
  seconds('clockToleranceSeconds', options.clockToleranceSeconds);
  checkJWT(options.jwt, options.authorizationServers.length);
  if (options.introspect !== undefined && typeof options.introspect !== 'function')
    throw new TypeError('oauth.introspect must be a function (token, ctx) => claims | null');
  checkIntrospection(options.introspection);
  checkCache(options.introspectionCache);
  if (options.resource === undefined && options.audience === undefined)
    throw new TypeError(
      "oauth.resource is required: this MCP endpoint's public URL (https://mcp.example.com/mcp), which its access tokens must name as audience (RFC 8707). It is not taken from the request, whose Host header the client chooses; with oauth.audience set it may be left out",
    );
  if (options.jwt === false && options.introspect === undefined && options.introspection === undefined)
    throw new TypeError('oauth.jwt is false, so tokens can only be checked by introspection: give oauth.introspect or oauth.introspection');
}
