/**
 * API Gateway REST events, and HTTP API events of payload 1.0 (`version: "1.0"`), read top to bottom into a Request.
 * The REST `path` arrives as the client sent it, still encoded; the payload 1.0 `path` arrives decoded; both query
 * maps arrive decoded (see targets/lambda/README.md, "What each event carries").
 */
import { mapField, stringField, type FieldMap } from './fields';
import { buildRequest, multiValueHeaderPairs } from './request';
import { eachQueryParam, encodeDecodedPath, encodeQueryPart, keepEncodedPath, origin, rootedPath, trimPath, urlOf } from './url-parts';
import type { LambdaOptions } from '../types';

/** The query string of decoded maps: each name and value encoded again, so `ctx.query` holds them as the client sent them. */
function decodedMapsQuery(single: unknown, multi: unknown): string {
  let out = '';
  eachQueryParam(single, multi, (name, value) => {
    out += `${out === '' ? '' : '&'}${encodeQueryPart(name)}=${encodeQueryPart(value)}`;
  });
  return out;
}

/** The Request of a REST (or HTTP API payload 1.0) event; a field of the wrong type is an `InvalidEventError` naming it. */
export function restApiRequest(e: FieldMap, options: LambdaOptions): Request {
  const headers = multiValueHeaderPairs(e.headers, e.multiValueHeaders);
  const rc = mapField(e.requestContext, 'requestContext');
  const path = rootedPath(stringField(e.path, 'path'));
  const encoded = e.version === '1.0' ? encodeDecodedPath(path) : keepEncodedPath(path);
  const stage = stringField(rc?.stage, 'requestContext.stage');
  const query = decodedMapsQuery(e.queryStringParameters, e.multiValueQueryStringParameters);
  const base = origin(e, stringField(rc?.domainName, 'requestContext.domainName'));
  const url = urlOf(base, trimPath(encoded, stage, options), query);
  return buildRequest({ method: e.httpMethod, url, headers, body: e.body, isBase64Encoded: e.isBase64Encoded });
}
