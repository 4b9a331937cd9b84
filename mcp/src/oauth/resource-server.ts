import type { Context, CoreFw } from 'fw';
import { routeInfos } from 'fw/core';
import { peekJSON } from '../http-json/body';
import { bearerChallenge, METADATA_PATH, metadataDocument, metadataPathFor, resourceOf } from './metadata';
import type { MCPOAuth, MCPOAuthOptions, ResourceServerCheck } from './options';
import { rpcErrorResponse } from '../http-json/error-response';
import { ErrorCode } from '../jsonrpc';
import type { MCPServer } from '../server';
import { checkOAuth } from './check-options';
import { declaredScopes, operationOf, scopesOfMessage } from './message-scopes';
import { setAuth } from '../auth/request-auth';
import { grantedScopes, missingScopes, rememberGranted } from '../auth/scopes';
import type { MCPAuthInfo } from '../auth/info';
import { TokenError } from './types';
import { createTokenVerifier, type TokenVerifier } from './verifier';

/** `Bearer <token68>` (RFC 6750 section 2.1), the scheme in any case. */
const bearer = /^Bearer +([\w\-.~+/]+=*) *$/i;

/** A 503's hint: the authorization server may answer again soon. */
const retryLater = { 'retry-after': '5' };

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The resource server: checks the access token of every MCP request (401 `invalid_token` when it is not valid for
 * this resource, 503 when it cannot be checked), records who called (`authOf`), then the scopes: `requiredScopes`
 * for any request, and for a POST the scopes of the tool, resource or prompt each message asks for (read from the
 * body ahead of the handler). A token short of them gets 403 `insufficient_scope` naming the scopes to ask for:
 * those of the operation plus those the token has that this server knows (so a client that asks again with only the
 * challenged scopes keeps what it had, as 2025-11-25 recommends; 2026-07-28 clients add them up themselves).
 */
function resourceServer(oauth: MCPOAuthOptions, verify: TokenVerifier, server: MCPServer, endpoint: string): ResourceServerCheck {
  const required = oauth.requiredScopes ?? [];

  const unauthorized = (ctx: Context, message: string, description?: string): Response =>
    rpcErrorResponse(401, ErrorCode.Unauthorized, message, {
      'www-authenticate': bearerChallenge(oauth, ctx, endpoint, description === undefined ? {} : { error: 'invalid_token', description }),
    });

  const forbidden = (ctx: Context, info: MCPAuthInfo, needed: string[], missing: string[], what: string): Response => {
    const known = new Set([...(oauth.scopesSupported ?? []), ...required, ...declaredScopes(server.syncedRegistry())]);
    const scope = [...new Set([...info.scopes.filter((one) => known.has(one)), ...needed])];
    const description = `${what} needs the scope${missing.length > 1 ? 's' : ''} ${missing.join(' ')}`;
    return rpcErrorResponse(
      403,
      ErrorCode.Unauthorized,
      `Forbidden: ${description}, which the access token does not grant; ask the authorization server for a token with ${missing.length > 1 ? 'them' : 'it'}`,
      { 'www-authenticate': bearerChallenge(oauth, ctx, endpoint, { error: 'insufficient_scope', scope, description }) },
      { requiredScopes: needed, missingScopes: missing },
    );
  };

  const checkMessages = async (ctx: Context, info: MCPAuthInfo, granted: Set<string>): Promise<Response | null> => {
    const body = await peekJSON(ctx.request);
    if (body instanceof Response) return null;
    const messages: unknown[] = Array.isArray(body) ? body : [body];
    const needed = new Set(required);
    const short: string[] = [];
    const registry = server.syncedRegistry();
    for (const message of messages) {
      const scopes = scopesOfMessage(registry, message);
      for (const scope of scopes) needed.add(scope);
      if (missingScopes(scopes, granted).length > 0) short.push(operationOf(message));
    }
    if (short.length === 0) return null;
    return forbidden(ctx, info, [...needed], missingScopes([...needed], granted), short.join(', '));
  };

  return async (ctx) => {
    const header = ctx.request.headers.get('authorization');
    if (header === null)
      return unauthorized(
        ctx,
        'Unauthorized: send an access token as Authorization: Bearer <token> (WWW-Authenticate says where to get one)',
      );
    const token = bearer.exec(header)?.[1];
    if (token === undefined)
      return unauthorized(
        ctx,
        'Unauthorized: the Authorization header must be "Bearer <access token>"',
        'the Authorization header is not a Bearer token',
      );
    try {
      const info = await verify(token, ctx, resourceOf(oauth, ctx, endpoint));
      setAuth(ctx.request, info);
      const granted = grantedScopes(info.scopes, oauth.scopeImplies);
      rememberGranted(info, granted);
      const missing = missingScopes(required, granted);
      if (missing.length > 0) return forbidden(ctx, info, required, missing, 'this MCP server');
      return ctx.request.method === 'POST' ? await checkMessages(ctx, info, granted) : null;
    } catch (error) {
      if (!(error instanceof TokenError))
        return rpcErrorResponse(500, ErrorCode.InternalError, `Internal error while checking the access token: ${reasonOf(error)}`);
      if (!error.unavailable) return unauthorized(ctx, `Unauthorized: ${error.message}`, error.message);
      const message = `Service unavailable: the access token could not be checked: ${error.message}`;
      return rpcErrorResponse(503, ErrorCode.InternalError, message, retryLater);
    }
  };
}

/**
 * This MCP server as an OAuth 2.1 resource server, for `createMCPPlugin`'s `oauth` option: checks the options now
 * (a TypeError names the field), then serves the protected-resource metadata and checks every request's access token
 * and scopes. A function of its own so that servers without OAuth do not bundle the token checks (jose).
 */
export function oauth(options: MCPOAuthOptions): MCPOAuth {
  checkOAuth(options);
  const verify = createTokenVerifier(options);
  return {
    options,
    check: (server, endpoint) => resourceServer(options, verify, server, endpoint),
    challenge: (ctx, endpoint, error) => bearerChallenge(options, ctx, endpoint, error === undefined ? {} : { error }),
    mount: (app, base, endpoint) => mountMetadata(options, app, base, endpoint),
  };
}

/** Serves the metadata document on the well-known path and the endpoint's path-suffixed one, where no GET route is. */
function mountMetadata(oauth: MCPOAuthOptions, app: CoreFw, base: string, endpoint: string): void {
  const metadata = (ctx: Context): Response =>
    new Response(JSON.stringify(metadataDocument(oauth, resourceOf(oauth, ctx, endpoint))), {
      headers: { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'cache-control': 'max-age=3600' },
    });
  const paths = new Set([METADATA_PATH, metadataPathFor(oauth.resource === undefined ? base : new URL(oauth.resource).pathname)]);
  const taken = new Set(
    routeInfos(app)
      .filter((route) => route.method === 'GET')
      .map((route) => route.path),
  );
  for (const path of paths) if (!taken.has(path)) app.get(path, metadata, { hidden: true, summary: 'OAuth protected-resource metadata' });
}
