/**
 * Application Load Balancer events, read top to bottom into a Request: `path` and the query maps (single- or
 * multi-value) arrive as the client sent them, still percent-encoded, and are kept (see targets/lambda/README.md,
 * "What each event carries").
 */
import { stringField, type FieldMap } from './fields';
import { buildRequest, multiValueHeaderPairs } from './request';
import { eachQueryParam, escapeRawQuery, keepEncodedPath, origin, rootedPath, trimPath, urlOf } from './url-parts';
import type { LambdaOptions } from '../types';

/**
 * What must be escaped in a name or value taken from a map as sent: what is not printable ASCII (the URL parser
 * would drop tabs and newlines and trim trailing spaces), `#`, and the `&` (in a name also the `=`) that would split it.
 */
const unsafeInRawValue = /[^\x21-\x7e]|[#&]/gu;
const unsafeInRawName = /[^\x21-\x7e]|[#&=]/gu;
const safeRawPart = /^[\x21-\x22\x24\x25\x27-\x3c\x3e-\x7e]*$/;

/** The query string of maps that hold names and values as the client sent them, kept but for what would split or cut them. */
function rawMapsQuery(single: unknown, multi: unknown): string {
  let out = '';
  eachQueryParam(single, multi, (name, value) => {
    const k = safeRawPart.test(name) ? name : escapeRawQuery(name, unsafeInRawName);
    const v = safeRawPart.test(value) ? value : escapeRawQuery(value, unsafeInRawValue);
    out += `${out === '' ? '' : '&'}${k}=${v}`;
  });
  return out;
}

/** The Request of an ALB event; a field of the wrong type is an `InvalidEventError` naming it. */
export function albRequest(e: FieldMap, options: LambdaOptions): Request {
  const headers = multiValueHeaderPairs(e.headers, e.multiValueHeaders);
  const path = keepEncodedPath(rootedPath(stringField(e.path, 'path')));
  const query = rawMapsQuery(e.queryStringParameters, e.multiValueQueryStringParameters);
  const url = urlOf(origin(e, undefined), trimPath(path, undefined, options), query);
  return buildRequest({ method: e.httpMethod, url, headers, body: e.body, isBase64Encoded: e.isBase64Encoded });
}
