/** Turns an API Gateway v1, v2 / function URL or ALB event into a Web Request. */
import type { ALBEvent, APIGatewayProxyEvent, APIGatewayProxyEventV2 } from 'aws-lambda';
import { InvalidEventError } from './errors';
import { eventHeader, explainBadHeader, multiValueHeaderPairs, v2HeaderPairs, type HeaderPairs } from './headers';
import { albQuery, encodeDecodedPath, encodeRawPath, trimPath, v1Query } from './path';
import { lazyRequest } from '../serverless/lazy-request';
import type { LambdaOptions } from './types';

/** The HTTP event kinds `toRequest` accepts. */
export type HttpKind = 'v1' | 'v2' | 'alb';

const base64Text = /^[A-Za-z0-9+/\r\n]*={0,2}\s*$/;

function decodeBody(body: unknown, isBase64: unknown): Uint8Array<ArrayBuffer> {
  if (typeof body !== 'string') throw new InvalidEventError('The event body must be a string');
  if (isBase64 !== true) return Buffer.from(body, 'utf8');
  if (!base64Text.test(body)) throw new InvalidEventError('The event body is marked isBase64Encoded but is not valid base64');
  return Buffer.from(body, 'base64');
}

function origin(host: string | undefined, proto: string | undefined): string {
  const scheme = proto === 'http' ? 'http' : 'https';
  return `${scheme}://${host || 'localhost'}`;
}

interface Parts {
  method: string;
  url: string;
  headers: HeaderPairs;
  body: unknown;
  isBase64Encoded: unknown;
}

function v1Parts(e: APIGatewayProxyEvent, options: LambdaOptions): Parts {
  const headers = multiValueHeaderPairs(e.headers, e.multiValueHeaders);
  const path = encodeRawPath(trimPath(e.path ?? '/', e.requestContext?.stage, options));
  const query = v1Query(e.queryStringParameters, e.multiValueQueryStringParameters);
  const host = e.requestContext?.domainName ?? eventHeader(e, 'host');
  const base = origin(host, eventHeader(e, 'x-forwarded-proto'));
  return { method: e.httpMethod, url: query ? `${base}${path}?${query}` : base + path, headers, body: e.body, isBase64Encoded: e.isBase64Encoded };
}

function v2Parts(e: APIGatewayProxyEventV2, options: LambdaOptions): Parts {
  const headers = v2HeaderPairs(e.headers, e.cookies);
  const path = encodeDecodedPath(trimPath(e.rawPath ?? '/', e.requestContext.stage, options));
  const host = e.requestContext.domainName ?? eventHeader(e, 'host');
  const base = origin(host, eventHeader(e, 'x-forwarded-proto'));
  const query = e.rawQueryString;
  return { method: e.requestContext.http.method, url: query ? `${base}${path}?${query}` : base + path, headers, body: e.body, isBase64Encoded: e.isBase64Encoded };
}

function albParts(e: ALBEvent, options: LambdaOptions): Parts {
  const headers = multiValueHeaderPairs(e.headers, e.multiValueHeaders);
  const path = encodeRawPath(trimPath(e.path ?? '/', undefined, options));
  const query = albQuery(e.queryStringParameters, e.multiValueQueryStringParameters);
  const base = origin(eventHeader(e, 'host'), eventHeader(e, 'x-forwarded-proto'));
  return { method: e.httpMethod, url: query ? `${base}${path}?${query}` : base + path, headers, body: e.body, isBase64Encoded: e.isBase64Encoded };
}

function partsOf(kind: HttpKind, event: unknown, options: LambdaOptions): Parts {
  try {
    if (kind === 'v2') return v2Parts(event as APIGatewayProxyEventV2, options);
    return kind === 'v1' ? v1Parts(event as APIGatewayProxyEvent, options) : albParts(event as ALBEvent, options);
  } catch (error) {
    if (error instanceof InvalidEventError) throw error;
    throw new InvalidEventError(`Malformed ${kind === 'alb' ? 'ALB' : `API Gateway ${kind}`} event: ${(error as Error).message}`, error);
  }
}

const forbiddenMethods = new Set(['CONNECT', 'TRACE', 'TRACK']);
const methodToken = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

function checkedUrl(url: string): string {
  try {
    return new URL(url).href;
  } catch (error) {
    throw new InvalidEventError(`The event does not make a valid URL: ${JSON.stringify(url)}`, error);
  }
}

function checkedHeaders(pairs: HeaderPairs): Headers {
  try {
    return new Headers(pairs);
  } catch (error) {
    throw new InvalidEventError(explainBadHeader(pairs), error);
  }
}

/** Builds the Request: path re-encoded, stage and base path stripped, body decoded and `content-length` recomputed; GET/HEAD bodies are dropped. */
export function toRequest(kind: HttpKind, event: unknown, options: LambdaOptions): Request {
  const parts = partsOf(kind, event, options);
  const method = typeof parts.method === 'string' ? parts.method.toUpperCase() : '';
  if (!methodToken.test(method) || forbiddenMethods.has(method)) throw new InvalidEventError(`Unsupported HTTP method ${JSON.stringify(parts.method)}`);
  let body: Uint8Array<ArrayBuffer> | undefined;
  if (parts.body !== null && parts.body !== undefined && parts.body !== '' && method !== 'GET' && method !== 'HEAD') {
    body = decodeBody(parts.body, parts.isBase64Encoded);
    parts.headers.push(['content-length', String(body.byteLength)]);
  }
  return lazyRequest({ method, url: checkedUrl(parts.url), headers: checkedHeaders(parts.headers), body });
}
