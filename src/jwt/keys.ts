import type { JWK } from 'jose';
import { jose } from './jose';

/** Algorithms verified with a shared secret. */
export const hmacAlgorithms = ['HS256', 'HS384', 'HS512'] as const;
/** Algorithms verified with a public key. */
export const publicKeyAlgorithms = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
] as const;

/** A JWS algorithm `jwt()` verifies (`none` is never accepted). */
export type JwtAlgorithm = (typeof hmacAlgorithms)[number] | (typeof publicKeyAlgorithms)[number];
/** A public-key algorithm (what `jwk()` accepts). */
export type PublicKeyAlgorithm = (typeof publicKeyAlgorithms)[number];

/** A verification key: a CryptoKey, a public JWK, or an SPKI PEM text (`-----BEGIN PUBLIC KEY-----`). */
export type PublicKey = CryptoKey | JWK | string;

/** The algorithms of an `alg` option as a list, refusing unknown names and `none` at startup. */
export function algorithmList(where: string, alg: unknown, allowed: readonly string[]): string[] {
  const list = Array.isArray(alg) ? alg : [alg];
  if (alg === undefined || list.length === 0)
    throw new TypeError(`${where}: \`alg\` is required: the algorithm(s) tokens are signed with, one of ${allowed.join(', ')}`);
  for (const name of list)
    if (typeof name !== 'string' || !allowed.includes(name))
      throw new TypeError(`${where}: unknown or refused algorithm ${JSON.stringify(name)}; \`alg\` takes ${allowed.join(', ')}`);
  return list as string[];
}

function isCryptoKey(value: unknown): value is CryptoKey {
  return typeof CryptoKey !== 'undefined' && value instanceof CryptoKey;
}

/** A verification key, ready or imported on first use (a worker may not use Web Crypto while its module loads). */
export type KeyLoader = () => Promise<CryptoKey | Uint8Array>;

/** The key to verify with, checked now: the secret's bytes, or the public key (imported once, on first use). */
export function prepareKey(where: string, secret: unknown, key: unknown, algorithms: string[]): KeyLoader {
  const hmac = algorithms.every((a) => (hmacAlgorithms as readonly string[]).includes(a));
  const pub = algorithms.every((a) => (publicKeyAlgorithms as readonly string[]).includes(a));
  if (!hmac && !pub)
    throw new TypeError(`${where}: \`alg\` mixes HS* with public-key algorithms; one key cannot verify both, use two middleware`);
  if ((secret === undefined) === (key === undefined))
    throw new TypeError(`${where}: give \`secret\` (HS*) or \`key\` (RS*, PS*, ES*, EdDSA), exactly one`);
  if (hmac) {
    if (secret === undefined) throw new TypeError(`${where}: ${algorithms.join(', ')} verify with \`secret\`, not \`key\``);
    if (typeof secret === 'string' && secret !== '') return ready(new TextEncoder().encode(secret));
    if (secret instanceof Uint8Array && secret.length > 0) return ready(secret);
    throw new TypeError(`${where}: \`secret\` must be a non-empty string or Uint8Array`);
  }
  if (key === undefined) throw new TypeError(`${where}: ${algorithms.join(', ')} verify with a public \`key\`, not \`secret\``);
  if (isCryptoKey(key)) return ready(key);
  const single = algorithms.length === 1 ? algorithms[0] : undefined;
  if (typeof key === 'string') {
    if (!key.includes('-----BEGIN PUBLIC KEY-----'))
      throw new TypeError(`${where}: a string \`key\` must be an SPKI PEM public key (-----BEGIN PUBLIC KEY-----)`);
    if (single === undefined) throw new TypeError(`${where}: a PEM \`key\` works with one algorithm; give \`alg\` as one name`);
    return once(where, async () => (await jose()).importSPKI(key, single));
  }
  if (typeof key === 'object' && key !== null && typeof (key as JWK).kty === 'string') {
    const jwk = key as JWK;
    if (jwk.d !== undefined || jwk.kty === 'oct') throw new TypeError(`${where}: \`key\` must be a public JWK (no "d", not "oct")`);
    const alg = jwk.alg ?? single;
    if (alg === undefined) throw new TypeError(`${where}: a JWK \`key\` without "alg" works with one algorithm; give \`alg\` as one name`);
    return once(where, async () => (await (await jose()).importJWK(jwk, alg)) as CryptoKey);
  }
  throw new TypeError(`${where}: \`key\` must be a CryptoKey, a public JWK or an SPKI PEM text`);
}

function ready(value: CryptoKey | Uint8Array): KeyLoader {
  const resolved = Promise.resolve(value);
  return () => resolved;
}

/** Imports on the first call and keeps the result; an import that fails answers every request with the same developer error. */
function once(where: string, load: () => Promise<CryptoKey | Uint8Array>): KeyLoader {
  let loaded: Promise<CryptoKey | Uint8Array> | undefined;
  return () =>
    (loaded ??= load().catch((error: unknown) => {
      throw new TypeError(`${where}: the key could not be imported: ${error instanceof Error ? error.message : String(error)}`);
    }));
}
