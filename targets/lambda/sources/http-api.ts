/**
 * HTTP API events of payload 2.0 and function URL events, read top to bottom into a Request: `rawPath` arrives
 * decoded from an HTTP API and as the client sent it from a function URL; `rawQueryString` arrives as sent from both
 * (see targets/lambda/README.md, "What each event carries").
 */
import { listField, mapField, stringEntry, stringField, type FieldMap } from './fields';
import { addHeader, buildRequest, type HeaderPairs } from './request';
import { encodeDecodedPath, escapeRawQuery, keepEncodedPath, origin, rootedPath, trimPath, urlOf } from './url-parts';
import type { LambdaOptions } from '../types';

/** Headers of the event (values already comma-joined), with its `cookies[]` folded into one Cookie header. */
function headerPairs(headersField: unknown, cookiesField: unknown): HeaderPairs {
  const pairs: HeaderPairs = [];
  const headers = mapField(headersField, 'headers');
  const cookies = listField(cookiesField, 'cookies') ?? null;
  for (const name in headers) {
    if (cookies !== null && name.length === 6 && name.toLowerCase() === 'cookie') continue;
    addHeader(pairs, name, stringEntry(headers!, name, 'headers'));
  }
  if (cookies !== null && cookies.length > 0) addHeader(pairs, 'cookie', cookies.join('; '));
  return pairs;
}

/**
 * Whether the event comes from a function URL, whose `rawPath` is encoded: its domain is `<url-id>.lambda-url.<region>.on.aws`
 * (CloudFront in front of one keeps it), or its `requestContext.http.path` (decoded) differs from `rawPath`, which an
 * HTTP API never does (both decoded).
 */
function isFunctionUrl(domainName: string | undefined, rawPath: string | undefined, http: FieldMap): boolean {
  return (
    (domainName !== undefined && domainName.includes('.lambda-url.')) ||
    (typeof http.path === 'string' && rawPath !== undefined && http.path !== rawPath)
  );
}

/**
 * What must be escaped in a `rawQueryString` kept as sent: what is not printable ASCII (the URL parser would drop
 * tabs and newlines and trim trailing spaces) and `#`.
 */
const unsafeInRawQuery = /[^\x21-\x7e]|#/gu;
const safeRawQuery = /^[\x21-\x22\x24-\x7e]*$/;

/** The Request of an HTTP API (payload 2.0) or function URL event; a field of the wrong type is an `InvalidEventError` naming it. */
export function httpApiRequest(e: FieldMap, options: LambdaOptions): Request {
  const headers = headerPairs(e.headers, e.cookies);
  const rc = e.requestContext as FieldMap & { http: FieldMap };
  const domainName = stringField(rc.domainName, 'requestContext.domainName');
  const rawPath = stringField(e.rawPath, 'rawPath');
  const path = rootedPath(rawPath);
  const encoded = isFunctionUrl(domainName, rawPath, rc.http) ? keepEncodedPath(path) : encodeDecodedPath(path);
  const stage = stringField(rc.stage, 'requestContext.stage');
  const rawQuery = stringField(e.rawQueryString, 'rawQueryString') ?? '';
  const query = safeRawQuery.test(rawQuery) ? rawQuery : escapeRawQuery(rawQuery, unsafeInRawQuery);
  const base = origin(e, domainName);
  const url = urlOf(base, trimPath(encoded, stage, options), query);
  return buildRequest({ method: rc.http.method, url, headers, body: e.body, isBase64Encoded: e.isBase64Encoded });
}
