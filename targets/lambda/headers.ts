/** Collects an event's request headers without duplicates (Hono #2550) and rejects what HTTP does not allow (Hono #4883, #4437). */
import { InvalidEventError } from './errors';
import { listEntry, listField, mapField, stringEntry } from './fields';

/** Header name/value pairs, as `new Request()` takes them. */
export type HeaderPairs = [string, string][];

const nonAscii = /[^\x00-\x7f]/;
const tokenName = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Headers the adapter recomputes from the body it really passes on (a body-size limit cannot be bypassed). */
function isFraming(name: string): boolean {
  return (name.length === 14 || name.length === 17) && /^(content-length|transfer-encoding)$/i.test(name);
}

function push(pairs: HeaderPairs, name: string, value: string | undefined): void {
  if (value === undefined || isFraming(name)) return;
  if (nonAscii.test(value)) throw new InvalidEventError(`Header "${name}" has a non-ASCII value`);
  pairs.push([name, value]);
}

/** Headers of a v1 or ALB event: when `multiValueHeaders` has a name it wins, and `headers` only fills the names it lacks (Hono #3870). */
export function multiValueHeaderPairs(singleField: unknown, multiField: unknown): HeaderPairs {
  const pairs: HeaderPairs = [];
  const single = mapField(singleField, 'headers');
  const multi = mapField(multiField, 'multiValueHeaders');
  const seen = multi === null ? null : new Set<string>();
  for (const name in multi) {
    const values = listEntry(multi!, name, 'multiValueHeaders');
    if (values === undefined) continue;
    seen!.add(name.toLowerCase());
    if (name.toLowerCase() === 'cookie') push(pairs, name, values.join('; '));
    else for (const value of values) push(pairs, name, value);
  }
  for (const name in single) {
    if (seen === null || !seen.has(name.toLowerCase())) push(pairs, name, stringEntry(single!, name, 'headers'));
  }
  return pairs;
}

/** Headers of a v2 event (values already comma-joined), with its `cookies[]` folded into one Cookie header. */
export function v2HeaderPairs(headersField: unknown, cookiesField: unknown): HeaderPairs {
  const pairs: HeaderPairs = [];
  const headers = mapField(headersField, 'headers');
  const cookies = listField(cookiesField, 'cookies') ?? null;
  for (const name in headers) {
    if (cookies !== null && name.length === 6 && name.toLowerCase() === 'cookie') continue;
    push(pairs, name, stringEntry(headers!, name, 'headers'));
  }
  if (cookies !== null && cookies.length > 0) push(pairs, 'cookie', cookies.join('; '));
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

function isMap(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** One header of a raw event, case-insensitive, for reading `Accept` or `Host` before a Request exists; only string values count, so it never throws on a malformed event. */
export function eventHeader(event: unknown, name: string): string | undefined {
  if (!isMap(event)) return undefined;
  const { headers, multiValueHeaders } = event;
  if (isMap(headers) && typeof headers[name] === 'string') return headers[name] as string;
  if (isMap(multiValueHeaders)) {
    for (const key in multiValueHeaders) {
      const values = multiValueHeaders[key];
      if (key.toLowerCase() === name && Array.isArray(values) && typeof values[0] === 'string') return values[0];
    }
  }
  if (isMap(headers))
    for (const key in headers) if (key.toLowerCase() === name && typeof headers[key] === 'string') return headers[key] as string;
  return undefined;
}
