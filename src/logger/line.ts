import { REDACTED, redact, type SecretNames } from './redact';

const NEEDS_ESCAPE = /[\u0000-\u001f"\\\ud800-\udfff]/;

/** A JSON string literal, skipping JSON.stringify for the common plain case. */
export function quote(text: string): string {
  return NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`;
}

/**
 * Serializes log fields straight into `,"key":value` pairs with secrets redacted, in one pass and without copying
 * flat objects; null when a key repeats one in `taken` (the caller then builds the record and stringifies it).
 */
export function fieldsJson(fields: Record<string, unknown>, secrets: SecretNames, taken: Record<string, unknown>): string | null {
  let out = '';
  for (const key in fields) {
    if (!Object.prototype.hasOwnProperty.call(fields, key)) continue;
    if (key in taken) return null;
    const value = fields[key];
    let json: string | undefined;
    if (secrets.has(key)) json = `"${REDACTED}"`;
    else if (typeof value === 'string') json = quote(value);
    else if (typeof value === 'number') json = Number.isFinite(value) ? String(value) : 'null';
    else if (typeof value === 'boolean') json = value ? 'true' : 'false';
    else if (value === null) json = 'null';
    else if (typeof value === 'bigint') json = `"${value}"`;
    else if (typeof value === 'object') json = JSON.stringify(redact(value, secrets, 1));
    if (json !== undefined) out += `,${quote(key)}:${json}`;
  }
  return out;
}
