import { isRecord, TokenError } from './types';

/** The metadata of an authorization server (RFC 8414 or OpenID Connect discovery), by issuer. */
export type Discovery = (issuer: string) => Promise<Record<string, unknown>>;

/** Milliseconds a request to an authorization server may take (metadata, keys, introspection). */
export const AS_TIMEOUT_MS = 5000;

/** The well-known URLs of an issuer's metadata, in the order the MCP authorization spec gives clients. */
function metadataURLs(issuer: string): string[] {
  const url = new URL(issuer);
  const path = url.pathname.replace(/\/+$/, '');
  if (path === '') return [`${url.origin}/.well-known/oauth-authorization-server`, `${url.origin}/.well-known/openid-configuration`];
  return [
    `${url.origin}/.well-known/oauth-authorization-server${path}`,
    `${url.origin}/.well-known/openid-configuration${path}`,
    `${url.origin}${path}/.well-known/openid-configuration`,
  ];
}

/** Why a fetch failed, in a few words. */
export function failure(error: unknown): string {
  if (error instanceof Error) return error.name === 'TimeoutError' ? `no answer within ${AS_TIMEOUT_MS} ms` : error.message;
  return String(error);
}

/**
 * Finds issuers' metadata, each once: the first well-known URL that answers a JSON object wins, and its `issuer` must
 * be the one asked for (RFC 8414 section 3.3), so a document cannot speak for another server. Only answers are kept,
 * never a fetch in flight (workerd forbids awaiting another request's I/O); a failure is tried again next time.
 */
export function createDiscovery(): Discovery {
  const known = new Map<string, Record<string, unknown>>();
  return async (issuer) => {
    const cached = known.get(issuer);
    if (cached !== undefined) return cached;
    const tried: string[] = [];
    for (const url of metadataURLs(issuer)) {
      let response: Response;
      try {
        response = await fetch(url, {
          headers: { accept: 'application/json' },
          redirect: 'manual',
          signal: AbortSignal.timeout(AS_TIMEOUT_MS),
        });
      } catch (error) {
        tried.push(`${url}: ${failure(error)}`);
        continue;
      }
      if (response.status !== 200) {
        await response.body?.cancel();
        tried.push(`${url}: HTTP ${response.status}`);
        continue;
      }
      const document: unknown = await response.json().catch(() => null);
      if (!isRecord(document)) {
        tried.push(`${url}: not a JSON object`);
        continue;
      }
      if (document.issuer !== issuer)
        throw new TokenError(
          `the metadata at ${url} is for issuer ${JSON.stringify(document.issuer)}, not ${issuer} (RFC 8414 section 3.3)`,
          true,
        );
      known.set(issuer, document);
      return document;
    }
    throw new TokenError(`no authorization server metadata found for ${issuer} (${tried.join('; ')})`, true);
  };
}
