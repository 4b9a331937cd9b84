/**
 * Reads the method, URL, headers and body of each kind of HTTP event, every field type-checked. Which fields arrive
 * decoded and which as the client sent them is written down, with sources, in targets/lambda/README.md.
 */
import { InvalidEventError } from './errors';
import { mapField, stringField, type FieldMap } from './fields';
import { eventHeader, multiValueHeaderPairs, v2HeaderPairs, type HeaderPairs } from './headers';
import { encodeDecodedPath, keepEncodedPath, rootedPath, trimPath } from './path';
import { decodedMapsQuery, rawMapsQuery, rawStringQuery } from './query';
import type { LambdaOptions } from './types';

/** The HTTP event kinds `toRequest` accepts. */
export type HttpKind = 'v1' | 'v2' | 'alb';

/** What a Request is built from; `body` and `isBase64Encoded` are checked by the caller (GET and HEAD drop the body). */
export interface Parts {
  method: unknown;
  url: string;
  headers: HeaderPairs;
  body: unknown;
  isBase64Encoded: unknown;
}

const hostSyntax = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=%]+|\[[0-9A-Fa-f:.]+\])(?::[0-9]{0,5})?$/;

/** `https://host` (or `http://` when `x-forwarded-proto` says so); a host that is not a host (a `/`, `@`, `?`...) is a 400, never a different path. */
function origin(event: unknown, domainName: string | undefined): string {
  const host = domainName || eventHeader(event, 'host');
  if (host === undefined || host === '') return 'https://localhost';
  if (!hostSyntax.test(host))
    throw new InvalidEventError(`The request host ${JSON.stringify(host.slice(0, 100))} is not a valid host name`);
  return `${eventHeader(event, 'x-forwarded-proto') === 'http' ? 'http' : 'https'}://${host}`;
}

function urlOf(base: string, path: string, query: string): string {
  return query === '' ? base + path : `${base}${path}?${query}`;
}

/** API Gateway REST (and HTTP API payload 1.0, which has `version: "1.0"`): the REST `path` arrives as sent, the HTTP API one decoded; the query maps arrive decoded. */
function v1Parts(e: FieldMap, options: LambdaOptions): Parts {
  const headers = multiValueHeaderPairs(e.headers, e.multiValueHeaders);
  const rc = mapField(e.requestContext, 'requestContext');
  const path = rootedPath(stringField(e.path, 'path'));
  const encoded = e.version === '1.0' ? encodeDecodedPath(path) : keepEncodedPath(path);
  const stage = stringField(rc?.stage, 'requestContext.stage');
  const query = decodedMapsQuery(e.queryStringParameters, e.multiValueQueryStringParameters);
  const base = origin(e, stringField(rc?.domainName, 'requestContext.domainName'));
  return {
    method: e.httpMethod,
    url: urlOf(base, trimPath(encoded, stage, options), query),
    headers,
    body: e.body,
    isBase64Encoded: e.isBase64Encoded,
  };
}

/**
 * Whether a v2 event comes from a function URL, whose `rawPath` is encoded: its domain is `<url-id>.lambda-url.<region>.on.aws`
 * (CloudFront in front of one keeps it), or its `requestContext.http.path` (decoded) differs from `rawPath`, which an
 * HTTP API never does (both decoded).
 */
function isFunctionUrl(domainName: string | undefined, rawPath: string | undefined, http: FieldMap): boolean {
  return (
    (domainName !== undefined && domainName.includes('.lambda-url.')) ||
    (typeof http.path === 'string' && rawPath !== undefined && http.path !== rawPath)
  );
}

/** HTTP API payload 2.0 and function URLs: `rawPath` arrives decoded from an HTTP API, as sent from a function URL; `rawQueryString` as sent from both. */
function v2Parts(e: FieldMap, options: LambdaOptions): Parts {
  const headers = v2HeaderPairs(e.headers, e.cookies);
  const rc = e.requestContext as FieldMap & { http: FieldMap };
  const domainName = stringField(rc.domainName, 'requestContext.domainName');
  const rawPath = stringField(e.rawPath, 'rawPath');
  const path = rootedPath(rawPath);
  const encoded = isFunctionUrl(domainName, rawPath, rc.http) ? keepEncodedPath(path) : encodeDecodedPath(path);
  const stage = stringField(rc.stage, 'requestContext.stage');
  const query = rawStringQuery(e.rawQueryString);
  const base = origin(e, domainName);
  return {
    method: rc.http.method,
    url: urlOf(base, trimPath(encoded, stage, options), query),
    headers,
    body: e.body,
    isBase64Encoded: e.isBase64Encoded,
  };
}

/** ALB: `path` and the query maps arrive as the client sent them, still percent-encoded. */
function albParts(e: FieldMap, options: LambdaOptions): Parts {
  const headers = multiValueHeaderPairs(e.headers, e.multiValueHeaders);
  const path = keepEncodedPath(rootedPath(stringField(e.path, 'path')));
  const query = rawMapsQuery(e.queryStringParameters, e.multiValueQueryStringParameters);
  return {
    method: e.httpMethod,
    url: urlOf(origin(e, undefined), trimPath(path, undefined, options), query),
    headers,
    body: e.body,
    isBase64Encoded: e.isBase64Encoded,
  };
}

const labels: Record<HttpKind, string> = { v1: 'API Gateway v1', v2: 'API Gateway v2 / function URL', alb: 'ALB' };

/** The parts of an event `detectEvent` classified as HTTP; a field of the wrong type is an `InvalidEventError` naming it. */
export function partsOf(kind: HttpKind, event: unknown, options: LambdaOptions): Parts {
  const e = event as FieldMap;
  try {
    if (kind === 'v2') return v2Parts(e, options);
    return kind === 'v1' ? v1Parts(e, options) : albParts(e, options);
  } catch (error) {
    if (error instanceof InvalidEventError) throw error;
    console.error(`fw/lambda: a malformed ${labels[kind]} event slipped past the field checks`, error);
    throw new InvalidEventError(`Malformed ${labels[kind]} event`, error);
  }
}
