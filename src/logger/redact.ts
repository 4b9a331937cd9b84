/** Field names whose values never reach a log (matched case-insensitively, at any depth). */
export const DEFAULT_REDACT = ['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'password', 'passwd', 'secret', 'token', 'access_token', 'refresh_token', 'api_key', 'apikey', 'x-api-key', 'client_secret'];

/** What a redacted value is replaced with. */
export const REDACTED = '[REDACTED]';

const MAX_DEPTH = 8;

/** Copies `value`, replacing the values of secret field names (and of names containing "password") with `[REDACTED]`; cycles and deep nesting are cut. */
export function redact(value: unknown, names: Set<string>, depth = 0, seen = new WeakSet<object>()): unknown {
  if (value === null || typeof value !== 'object') return typeof value === 'bigint' ? value.toString() : value;
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  if (value instanceof Date) return value.toISOString();
  if (seen.has(value)) return '[Circular]';
  if (depth >= MAX_DEPTH) return '[Truncated]';
  seen.add(value);
  let out: unknown;
  if (value instanceof Headers) out = redact(Object.fromEntries(value), names, depth + 1, seen);
  else if (Array.isArray(value)) out = value.map((v) => redact(v, names, depth + 1, seen));
  else {
    const copy: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      const lower = key.toLowerCase();
      copy[key] = names.has(lower) || lower.includes('password') ? REDACTED : redact(v, names, depth + 1, seen);
    }
    out = copy;
  }
  seen.delete(value);
  return out;
}
