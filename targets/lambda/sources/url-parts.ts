/**
 * The URL rules the event sources share: the origin, the path percent-encoded exactly once (a path that arrives
 * decoded is encoded, one that arrives encoded is kept, and only what the URL parser would change is escaped in it),
 * the stage and base path trimmed, and the query maps of REST and ALB events walked once per pair, so the core
 * decodes each part once (see targets/lambda/README.md, "What each event carries").
 */
import { InvalidEventError } from '../errors';
import { eventHeader, listEntry, mapField, ownValue, stringEntry } from './fields';
import type { LambdaOptions } from '../types';

const hostSyntax = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=%]+|\[[0-9A-Fa-f:.]+\])(?::[0-9]{0,5})?$/;

/** `https://host` (or `http://` when `x-forwarded-proto` says so); a host that is not a host (a `/`, `@`, `?`...) is a 400, never a different path. */
export function origin(event: unknown, domainName: string | undefined): string {
  const host = domainName || eventHeader(event, 'host');
  if (host === undefined || host === '') return 'https://localhost';
  if (!hostSyntax.test(host))
    throw new InvalidEventError(`The request host ${JSON.stringify(host.slice(0, 100))} is not a valid host name`);
  return `${eventHeader(event, 'x-forwarded-proto') === 'http' ? 'http' : 'https'}://${host}`;
}

/** The URL from its origin, encoded path and query string (no `?` when the query is empty). */
export function urlOf(base: string, path: string, query: string): string {
  return query === '' ? base + path : `${base}${path}?${query}`;
}

/** The path field of an event with a leading `/` (an absent path is the root). */
export function rootedPath(path: string | undefined): string {
  if (path === undefined || path === '') return '/';
  return path.charCodeAt(0) === 47 ? path : `/${path}`;
}

function encodePathChar(ch: string): string {
  try {
    return encodeURIComponent(ch);
  } catch (error) {
    throw new InvalidEventError('The request path holds text that is not valid Unicode (a lone UTF-16 surrogate)', error);
  }
}

const cleanDecoded = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/]*$/;
const unsafeInDecoded = /[^A-Za-z0-9\-._~!$&'()*+,;=:@/]/gu;

/**
 * Encodes a path that arrives decoded (HTTP API `rawPath`, HTTP API payload 1.0 `path`): every character that is
 * data (`%`, `?`, `#`, `\`, spaces, non-ASCII...) is escaped; only `/` separates segments.
 */
export function encodeDecodedPath(path: string): string {
  return cleanDecoded.test(path) ? path : path.replace(unsafeInDecoded, encodePathChar);
}

const cleanEncoded = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/%\\]*$/;
const unsafeInEncoded = /[^A-Za-z0-9\-._~!$&'()*+,;=:@/%\\]/gu;

/**
 * Keeps a path that arrives percent-encoded as the client sent it (REST API and ALB `path`, function URL `rawPath`):
 * its escapes are left alone, malformed ones included (the core answers those with a 400), and what a client cannot
 * send unescaped (`?`, `#`, spaces, controls, non-ASCII) is escaped so the URL parser never cuts or trims the path.
 */
export function keepEncodedPath(path: string): string {
  return cleanEncoded.test(path) ? path : path.replace(unsafeInEncoded, encodePathChar);
}

function stripPrefix(path: string, prefix: string): string {
  if (prefix === '' || prefix === '/') return path;
  if (path === prefix) return '/';
  return path.startsWith(prefix) && path[prefix.length] === '/' ? path.slice(prefix.length) : path;
}

/** Removes the stage (when `stripStage`) and the `basePath` from an encoded path; `basePath` is written decoded, as in the option. */
export function trimPath(path: string, stage: string | undefined, options: LambdaOptions): string {
  let out = path;
  if (options.stripStage && stage !== undefined && stage !== '' && stage !== '$default')
    out = stripPrefix(out, `/${encodeDecodedPath(stage)}`);
  if (options.basePath)
    out = stripPrefix(out, encodeDecodedPath(options.basePath.endsWith('/') ? options.basePath.slice(0, -1) : options.basePath));
  return out;
}

/** Encodes a decoded query name or value as one component (`&`, `=`, `+`, `%` and spaces escaped), so the core decodes it back exactly. */
export function encodeQueryPart(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch (error) {
    throw new InvalidEventError("The event's query string holds text that is not valid Unicode (a lone UTF-16 surrogate)", error);
  }
}

/** Escapes, in query text that arrives as sent, what `unsafe` matches (what the URL parser would drop, trim or split on). */
export function escapeRawQuery(text: string, unsafe: RegExp): string {
  return text.replace(unsafe, encodeQueryPart);
}

/**
 * Visits the pairs of `multiValueQueryStringParameters`, then those of `queryStringParameters` whose name the
 * multi-value map lacks, in event order: AWS fills both maps with the same names (the single map with the last
 * value), so a name in both is visited once per value of the multi-value map, never twice.
 */
export function eachQueryParam(singleField: unknown, multiField: unknown, visit: (name: string, value: string) => void): void {
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
