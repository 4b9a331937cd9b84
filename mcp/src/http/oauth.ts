import type { Context } from 'fw';
import type { MCPOAuthOptions } from './options';

/** The well-known path of OAuth protected-resource metadata (RFC 9728 section 3). */
export const METADATA_PATH = '/.well-known/oauth-protected-resource';

function absoluteURL(name: string, value: unknown): URL {
  let url: URL | null = null;
  try {
    url = typeof value === 'string' ? new URL(value) : null;
  } catch {
    url = null;
  }
  if (url === null || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.hash !== '') {
    throw new TypeError(`oauth.${name} must be an absolute http(s) URL without a fragment, got ${JSON.stringify(value)}`);
  }
  return url;
}

/** Checks the options at setup (bad URLs or scopes throw a TypeError naming the field). */
export function checkOAuth(options: MCPOAuthOptions): void {
  if (!Array.isArray(options.authorizationServers) || options.authorizationServers.length === 0) {
    throw new TypeError('oauth.authorizationServers must list at least one authorization server (its issuer URL)');
  }
  for (const issuer of options.authorizationServers) absoluteURL('authorizationServers[]', issuer);
  if (options.resource !== undefined) absoluteURL('resource', options.resource);
  if (options.resourceDocumentation !== undefined) absoluteURL('resourceDocumentation', options.resourceDocumentation);
  for (const scope of options.scopesSupported ?? []) {
    if (typeof scope !== 'string' || !/^[\x21\x23-\x5b\x5d-\x7e]+$/.test(scope))
      throw new TypeError(`oauth.scopesSupported: ${JSON.stringify(scope)} is not a valid scope token`);
  }
}

/** The path-suffixed metadata route of a resource path (`/mcp` -> `/.well-known/oauth-protected-resource/mcp`). */
export function metadataPathFor(resourcePath: string): string {
  const path = resourcePath.replace(/\/+$/, '');
  return path === '' ? METADATA_PATH : `${METADATA_PATH}${path}`;
}

/** The resource identifier: the configured one, else this endpoint's URL as the request reached it. */
export function resourceOf(options: MCPOAuthOptions, ctx: Context, endpoint: string): string {
  return options.resource ?? `${new URL(ctx.request.url).origin}${endpoint}`;
}

/** Where the metadata of `resource` is served: the well-known path inserted before the resource's path. */
export function metadataURL(resource: string): string {
  const url = new URL(resource);
  return `${url.origin}${metadataPathFor(url.pathname)}`;
}

/** The metadata document (RFC 9728 section 2). */
export function metadataDocument(options: MCPOAuthOptions, resource: string): Record<string, unknown> {
  const document: Record<string, unknown> = {
    resource,
    authorization_servers: options.authorizationServers,
    bearer_methods_supported: ['header'],
  };
  if (options.scopesSupported !== undefined) document.scopes_supported = options.scopesSupported;
  if (options.resourceName !== undefined) document.resource_name = options.resourceName;
  if (options.resourceDocumentation !== undefined) document.resource_documentation = options.resourceDocumentation;
  return document;
}

/** The `WWW-Authenticate` value of a 401: realm, the metadata URL and scopes when OAuth is set, the error when given. */
export function bearerChallenge(options: MCPOAuthOptions | undefined, ctx: Context, endpoint: string, error?: string): string {
  let challenge = 'Bearer realm="mcp"';
  if (options !== undefined) {
    challenge += `, resource_metadata="${metadataURL(resourceOf(options, ctx, endpoint))}"`;
    if (options.scopesSupported !== undefined && options.scopesSupported.length > 0)
      challenge += `, scope="${options.scopesSupported.join(' ')}"`;
  }
  return error === undefined ? challenge : `${challenge}, error="${error}"`;
}
