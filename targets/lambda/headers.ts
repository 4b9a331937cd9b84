/** Collects an event's request headers without duplicates (Hono #2550) and rejects what HTTP does not allow (Hono #4883, #4437). */
import { InvalidEventError } from './errors';

/** Header name/value pairs, as `new Request()` takes them. */
export type HeaderPairs = [string, string][];

type Single = Record<string, string | undefined> | null | undefined;
type Multi = Record<string, string[] | undefined> | null | undefined;

const nonAscii = /[^\x00-\x7f]/;
const tokenName = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Headers the adapter recomputes from the body it really passes on (a body-size limit cannot be bypassed). */
function isFraming(name: string): boolean {
  return (name.length === 14 || name.length === 17) && /^(content-length|transfer-encoding)$/i.test(name);
}

function push(pairs: HeaderPairs, name: string, value: unknown): void {
  if (value === undefined || value === null || isFraming(name)) return;
  if (typeof value !== 'string') value = String(value);
  if (nonAscii.test(value as string)) throw new InvalidEventError(`Header "${name}" has a non-ASCII value`);
  pairs.push([name, value as string]);
}

/** Headers of a v1 or ALB event: when `multiValueHeaders` exists it wins and `headers` only fills names it lacks (Hono #3870). */
export function multiValueHeaderPairs(single: Single, multi: Multi): HeaderPairs {
  const pairs: HeaderPairs = [];
  if (!multi) {
    for (const name in single ?? {}) push(pairs, name, single![name]);
    return pairs;
  }
  const seen = new Set<string>();
  for (const name in multi) {
    const values = multi[name];
    if (!values) continue;
    seen.add(name.toLowerCase());
    if (name.toLowerCase() === 'cookie') push(pairs, name, values.join('; '));
    else for (const value of values) push(pairs, name, value);
  }
  for (const name in single ?? {}) if (!seen.has(name.toLowerCase())) push(pairs, name, single![name]);
  return pairs;
}

/** Headers of a v2 event (values already comma-joined), with its `cookies[]` folded into one Cookie header. */
export function v2HeaderPairs(headers: Single, cookies: string[] | undefined): HeaderPairs {
  const pairs: HeaderPairs = [];
  for (const name in headers ?? {}) {
    if (cookies && name.length === 6 && name.toLowerCase() === 'cookie') continue;
    push(pairs, name, headers![name]);
  }
  if (cookies && cookies.length > 0) push(pairs, 'cookie', cookies.join('; '));
  return pairs;
}

/** Finds the pair `new Headers()` rejected, to name it in the 400's message. */
export function explainBadHeader(pairs: HeaderPairs): string {
  for (const [name, value] of pairs) {
    if (!tokenName.test(name)) return `Invalid header name ${JSON.stringify(name)}`;
    try {
      new Headers([[name, value]]);
    } catch {
      return `Header "${name}" has an invalid value`;
    }
  }
  return 'Invalid request headers';
}

/** One header of a raw event, case-insensitive, for reading `Accept` or `Host` before a Request exists. */
export function eventHeader(event: { headers?: Single; multiValueHeaders?: Multi }, name: string): string | undefined {
  const exact = event.headers?.[name];
  if (typeof exact === 'string') return exact;
  for (const key in event.multiValueHeaders ?? {}) if (key.toLowerCase() === name) return event.multiValueHeaders![key]?.[0];
  for (const key in event.headers ?? {}) if (key.toLowerCase() === name) return event.headers![key] ?? undefined;
  return undefined;
}
