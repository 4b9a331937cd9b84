import type { Context } from 'fw';
import type { MCPOAuthOptions } from './options';

/** The well-known path of OAuth protected-resource metadata (RFC 9728 section 3). */
export const METADATA_PATH = '/.well-known/oauth-protected-resource';

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

/** What a challenge adds after realm and metadata: the error, its description, the scopes (default: the options' own). */
export interface ChallengeParts {
  error?: 'invalid_token' | 'insufficient_scope';
  description?: string;
  scope?: string[];
}

/** A description as a quoted-string may carry it (RFC 6750 section 3: no `"`, no `\`, visible ASCII and space only). */
function describable(text: string): string {
  return text.replace(/[^\x20\x21\x23-\x5b\x5d-\x7e]/g, "'");
}

/**
 * The `WWW-Authenticate` value of a 401 or 403: realm; with OAuth the metadata URL and the scopes (the given ones, else
 * `requiredScopes`, else `scopesSupported`); then the error and its description when given.
 */
export function bearerChallenge(options: MCPOAuthOptions | undefined, ctx: Context, endpoint: string, parts: ChallengeParts = {}): string {
  let challenge = 'Bearer realm="mcp"';
  if (options !== undefined) challenge += `, resource_metadata="${metadataURL(resourceOf(options, ctx, endpoint))}"`;
  const scope = parts.scope ?? options?.requiredScopes ?? options?.scopesSupported;
  if (scope !== undefined && scope.length > 0) challenge += `, scope="${scope.join(' ')}"`;
  if (parts.error !== undefined) challenge += `, error="${parts.error}"`;
  if (parts.description !== undefined) challenge += `, error_description="${describable(parts.description)}"`;
  return challenge;
}
