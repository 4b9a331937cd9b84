/**
 * Rebuilds the query string of an event so that `ctx.query` holds each name and value exactly as the client sent it:
 * API Gateway v1 maps arrive decoded and are encoded again, ALB maps and v2 `rawQueryString` arrive as sent and are
 * kept (see targets/lambda/README.md, "What each event carries").
 */
import { InvalidEventError } from './errors';
import { listEntry, mapField, ownValue, stringEntry, stringField } from './fields';

/** Called once per name/value pair, in event order. */
type Visit = (name: string, value: string) => void;

/**
 * Visits the pairs of `multiValueQueryStringParameters`, then those of `queryStringParameters` whose name the
 * multi-value map lacks: AWS fills both maps with the same names (the single map with the last value), so a name in
 * both is visited once per value of the multi-value map, never twice.
 */
function eachParam(singleField: unknown, multiField: unknown, visit: Visit): void {
  const single = mapField(singleField, 'queryStringParameters');
  const multi = mapField(multiField, 'multiValueQueryStringParameters');
  for (const name in multi) {
    const values = listEntry(multi!, name, 'multiValueQueryStringParameters');
    if (values !== undefined) for (const value of values) visit(name, value);
  }
  for (const name in single) {
    const shadowing = ownValue(multi, name);
    if (shadowing !== undefined && shadowing !== null) continue;
    const value = stringEntry(single!, name, 'queryStringParameters');
    if (value !== undefined) visit(name, value);
  }
}

/** Encodes a decoded name or value as one component (`&`, `=`, `+`, `%` and spaces escaped), so the core decodes it back exactly. */
function encodeDecoded(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch (error) {
    throw new InvalidEventError("The event's query string holds text that is not valid Unicode (a lone UTF-16 surrogate)", error);
  }
}

/** Query string of API Gateway v1 (REST, and HTTP API payload 1.0), whose maps hold decoded names and values. */
export function decodedMapsQuery(single: unknown, multi: unknown): string {
  let out = '';
  eachParam(single, multi, (name, value) => {
    out += `${out === '' ? '' : '&'}${encodeDecoded(name)}=${encodeDecoded(value)}`;
  });
  return out;
}

/**
 * What must be escaped in a query part that arrives as sent: what is not printable ASCII (the URL parser would
 * drop tabs and newlines and trim trailing spaces) and `#`; in a name or value taken from a map, also the `&`
 * (and in a name the `=`) that would split it.
 */
const unsafeInRawQuery = /[^\x21-\x7e]|#/gu;
const unsafeInRawValue = /[^\x21-\x7e]|[#&]/gu;
const unsafeInRawName = /[^\x21-\x7e]|[#&=]/gu;
const safeRawQuery = /^[\x21-\x22\x24-\x7e]*$/;
const safeRawPart = /^[\x21-\x22\x24\x25\x27-\x3c\x3e-\x7e]*$/;

function escapeRaw(text: string, unsafe: RegExp): string {
  return text.replace(unsafe, encodeDecoded);
}

/** Query string of an ALB event, whose maps hold names and values as the client sent them (still percent-encoded). */
export function rawMapsQuery(single: unknown, multi: unknown): string {
  let out = '';
  eachParam(single, multi, (name, value) => {
    const k = safeRawPart.test(name) ? name : escapeRaw(name, unsafeInRawName);
    const v = safeRawPart.test(value) ? value : escapeRaw(value, unsafeInRawValue);
    out += `${out === '' ? '' : '&'}${k}=${v}`;
  });
  return out;
}

/** A v2 `rawQueryString` (HTTP API and function URLs send it as the client did), kept but for what the URL parser would change. */
export function rawStringQuery(field: unknown): string {
  const raw = stringField(field, 'rawQueryString') ?? '';
  return safeRawQuery.test(raw) ? raw : escapeRaw(raw, unsafeInRawQuery);
}
