const encoder = new TextEncoder();
const prefix = 'pbkdf2-sha256';

/** Options of `hashPassword()`. */
export interface HashPasswordOptions {
  /** PBKDF2 iterations (default 600000, OWASP's figure for PBKDF2-SHA256). */
  iterations?: number;
}

function toBase64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}

function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations }, key, 256);
  return new Uint8Array(bits);
}

/** A parsed `pbkdf2-sha256$<iterations>$<salt>$<hash>` value. */
export interface PasswordHash {
  iterations: number;
  salt: Uint8Array;
  hash: Uint8Array;
}

/** Parses a stored password hash, throwing a TypeError that says how to make one when it has another shape. */
export function parsePasswordHash(value: string, where: string): PasswordHash {
  const parts = typeof value === 'string' ? value.split('$') : [];
  const iterations = Number(parts[1]);
  try {
    if (parts.length === 4 && parts[0] === prefix && Number.isInteger(iterations) && iterations > 0) {
      const hash = fromBase64(parts[3]);
      if (hash.length === 32) return { iterations, salt: fromBase64(parts[2]), hash };
    }
  } catch {
    // Reported below with the expected shape.
  }
  throw new TypeError(`${where}: passwordHash must be a value made by hashPassword() ("${prefix}$<iterations>$<salt>$<hash>")`);
}

/**
 * Hashes a password for `basicAuth({ users: [{ username, passwordHash }] })`: PBKDF2-SHA256 through Web Crypto
 * with a random 16-byte salt, as `pbkdf2-sha256$<iterations>$<salt base64>$<hash base64>`.
 */
export async function hashPassword(password: string, options: HashPasswordOptions = {}): Promise<string> {
  const iterations = options.iterations ?? 600_000;
  if (!Number.isInteger(iterations) || iterations < 1)
    throw new TypeError(`hashPassword(): iterations must be a positive integer, got ${iterations}`);
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return `${prefix}$${iterations}$${toBase64(salt)}$${toBase64(await derive(password, salt, iterations))}`;
}

/** Whether `password` is the one `stored` was made from (the derived bytes compared in constant time). */
export async function matchesHash(password: string, stored: PasswordHash): Promise<boolean> {
  const derived = await derive(password, stored.salt, stored.iterations);
  let difference = 0;
  for (let i = 0; i < derived.length; i++) difference |= derived[i] ^ stored.hash[i];
  return difference === 0;
}
