/** Field names whose values never reach a log (matched case-insensitively, at any depth). */
export const DEFAULT_REDACT = [
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'password',
  'passwd',
  'secret',
  'token',
  'access_token',
  'refresh_token',
  'api_key',
  'apikey',
  'x-api-key',
  'client_secret',
];

/** What a redacted value is replaced with. */
export const REDACTED = '[REDACTED]';

const MAX_DEPTH = 8;
const MAX_CACHED_KEYS = 10_000;

/** Decides, with a cache, which field names are secret: the listed names and any name containing "password". */
export class SecretNames {
  private readonly names: Set<string>;
  private readonly cache = new Map<string, boolean>();

  constructor(names: Iterable<string>) {
    this.names = new Set([...names].map((n) => n.toLowerCase()));
  }

  /** Whether the value of `key` must be hidden. */
  has(key: string): boolean {
    let secret = this.cache.get(key);
    if (secret === undefined) {
      const lower = key.toLowerCase();
      secret = this.names.has(lower) || lower.includes('password');
      if (this.cache.size < MAX_CACHED_KEYS) this.cache.set(key, secret);
    }
    return secret;
  }
}

/** Copies `value`, replacing the values of secret field names with `[REDACTED]`; cycles and deep nesting are cut. */
export function redact(value: unknown, secrets: SecretNames, depth = 0, seen: object[] | null = null): unknown {
  if (value === null || typeof value !== 'object') return typeof value === 'bigint' ? value.toString() : value;
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  if (value instanceof Date) return value.toISOString();
  if (seen !== null && seen.includes(value)) return '[Circular]';
  if (depth >= MAX_DEPTH) return '[Truncated]';
  const path = seen ?? [];
  path.push(value);
  let out: unknown;
  if (value instanceof Headers) out = redact(Object.fromEntries(value), secrets, depth + 1, path);
  else if (Array.isArray(value)) out = value.map((v) => redact(v, secrets, depth + 1, path));
  else {
    const copy: Record<string, unknown> = {};
    const keys = Object.keys(value);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      const v = (value as Record<string, unknown>)[key];
      copy[key] = secrets.has(key)
        ? REDACTED
        : v === null || typeof v !== 'object'
          ? typeof v === 'bigint'
            ? v.toString()
            : v
          : redact(v, secrets, depth + 1, path);
    }
    out = copy;
  }
  path.pop();
  return out;
}
