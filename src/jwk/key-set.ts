import type { JWK, JWTVerifyGetKey } from 'jose';
import { jose } from '../jwt/jose';
import { SystemError } from '../core/errors';

/** How a remote key set is fetched and kept. */
export interface KeySetTiming {
  /** Milliseconds a fetched set is used before it is fetched again (default 600000: 10 minutes). */
  cacheMaxAge: number;
  /** Milliseconds after a fetch during which an unknown `kid` does not fetch again (default 30000). */
  cooldown: number;
  /** Milliseconds a fetch may take (default 5000). */
  timeout: number;
}

/** The error answered when the key set cannot be had: 503, never 401 (the token may be fine) nor 500. */
export class KeySetUnavailableError extends SystemError {
  constructor(cause: unknown) {
    super('The signing keys could not be fetched', {
      status: 503,
      code: 'JWKS_UNAVAILABLE',
      retryable: true,
      cause,
      headers: { 'retry-after': '5' },
    });
  }
}

/** Whether a key lookup failed because of the token (no such key), as opposed to the key server. */
async function tokenFault(error: unknown): Promise<boolean> {
  const { errors } = await jose();
  return error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys;
}

/** A remote JWKS (jose: cached, refetched on an unknown `kid` at most once per cooldown) whose outage is a 503. */
export function remoteKeySet(url: URL, timing: KeySetTiming): JWTVerifyGetKey {
  let remote: Promise<JWTVerifyGetKey> | undefined;
  return async (header, token) => {
    remote ??= jose().then((j) =>
      j.createRemoteJWKSet(url, { cacheMaxAge: timing.cacheMaxAge, cooldownDuration: timing.cooldown, timeoutDuration: timing.timeout }),
    );
    const lookup = await remote;
    try {
      return await lookup(header, token);
    } catch (error) {
      throw (await tokenFault(error)) ? error : new KeySetUnavailableError(error);
    }
  };
}

/** Keys given in the options first, then the remote set (either may be absent, not both). */
export function combinedKeySet(keys: JWK[] | undefined, remote: JWTVerifyGetKey | undefined): JWTVerifyGetKey {
  if (keys === undefined) return remote as JWTVerifyGetKey;
  let local: Promise<JWTVerifyGetKey> | undefined;
  return async (header, token) => {
    local ??= jose().then((j) => j.createLocalJWKSet({ keys }));
    const lookup = await local;
    try {
      return await lookup(header, token);
    } catch (error) {
      if (remote === undefined || !(await tokenFault(error))) throw error;
      return remote(header, token);
    }
  };
}
