import type { MCPIntrospectionOptions } from './options';
import { AS_TIMEOUT_MS, failure, type Discovery } from './discovery';
import { isRecord, TokenError } from './types';

/** Asks about an opaque token: its claims when active, null when not. */
export type Introspect = (token: string) => Promise<Record<string, unknown> | null>;

/** `application/x-www-form-urlencoded` encoding of a client id or secret, as HTTP Basic needs it (RFC 6749 section 2.3.1). */
function formEncoded(value: string): string {
  return encodeURIComponent(value).replace(/%20/g, '+');
}

/**
 * Token introspection (RFC 7662) at the authorization server: a POST of the token, authenticated as this server's
 * client (`client_secret_basic`); `active: false` is null, anything but a 200 JSON answer with a boolean `active` is
 * a TokenError marked unavailable. The endpoint is `introspection.endpoint`, else the `introspection_endpoint` of
 * `issuer`'s metadata.
 */
export function createIntrospection(options: MCPIntrospectionOptions, issuer: string, discovery: Discovery): Introspect {
  const authorization = `Basic ${btoa(`${formEncoded(options.clientId)}:${formEncoded(options.clientSecret)}`)}`;
  return async (token) => {
    const endpoint = options.endpoint ?? (await discovery(issuer)).introspection_endpoint;
    if (typeof endpoint !== 'string' || !URL.canParse(endpoint))
      throw new TokenError(`the metadata of ${issuer} names no introspection_endpoint: set oauth.introspection.endpoint`, true);
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ token, token_type_hint: 'access_token' }).toString(),
        redirect: 'manual',
        signal: AbortSignal.timeout(AS_TIMEOUT_MS),
      });
    } catch (error) {
      throw new TokenError(`token introspection at ${endpoint} failed: ${failure(error)}`, true);
    }
    if (response.status !== 200) {
      await response.body?.cancel();
      throw new TokenError(`token introspection at ${endpoint} answered HTTP ${response.status}`, true);
    }
    const answer: unknown = await response.json().catch(() => null);
    if (!isRecord(answer) || typeof answer.active !== 'boolean')
      throw new TokenError(`token introspection at ${endpoint} did not answer a JSON object with a boolean "active" (RFC 7662)`, true);
    return answer.active ? answer : null;
  };
}
