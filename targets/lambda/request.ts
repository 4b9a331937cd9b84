/** Turns an API Gateway v1, v2 / function URL or ALB event into a Web Request. */
import { InvalidEventError } from './errors';
import { flagField } from './fields';
import { explainBadHeader, type HeaderPairs } from './headers';
import { partsOf, type HttpKind } from './parts';
import { lazyRequest } from '../serverless/lazy-request';
import type { LambdaOptions } from './types';

const base64Text = /^[A-Za-z0-9+/\r\n]*={0,2}\s*$/;

/** Whether base64 text (already known to hold only base64 characters) has a length that decodes to whole bytes: a multiple of 4 when padded, never 4n+1. */
function wholeBytes(text: string): boolean {
  const data = /\s/.test(text) ? text.replace(/\s/g, '') : text;
  return data.endsWith('=') ? data.length % 4 === 0 : data.length % 4 !== 1;
}

/** The body bytes: UTF-8 text, or base64 when `isBase64Encoded`; base64 that does not decode to whole bytes is a 400, never truncated data. */
function decodeBody(body: unknown, isBase64: boolean): Uint8Array<ArrayBuffer> {
  if (typeof body !== 'string') throw new InvalidEventError('The event body must be a string');
  if (!isBase64) return Buffer.from(body, 'utf8');
  if (!base64Text.test(body) || !wholeBytes(body))
    throw new InvalidEventError('The event body is marked isBase64Encoded but is not valid base64');
  return Buffer.from(body, 'base64');
}

const forbiddenMethods = new Set(['CONNECT', 'TRACE', 'TRACK']);
const methodToken = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

function checkedMethod(method: unknown): string {
  if (typeof method !== 'string')
    throw new InvalidEventError('The event has no HTTP method (httpMethod or requestContext.http.method must be a string)');
  const upper = method.toUpperCase();
  if (!methodToken.test(upper) || forbiddenMethods.has(upper))
    throw new InvalidEventError(`Unsupported HTTP method ${JSON.stringify(method.slice(0, 100))}`);
  return upper;
}

function checkedUrl(url: string): string {
  try {
    return new URL(url).href;
  } catch (error) {
    throw new InvalidEventError(`The event does not make a valid URL: ${JSON.stringify(url.slice(0, 200))}`, error);
  }
}

function checkedHeaders(pairs: HeaderPairs): Headers {
  try {
    return new Headers(pairs);
  } catch (error) {
    throw new InvalidEventError(explainBadHeader(pairs), error);
  }
}

/** Builds the Request: path encoded exactly once, stage and base path stripped, body decoded and `content-length` recomputed; GET/HEAD bodies are dropped. */
export function toRequest(kind: HttpKind, event: unknown, options: LambdaOptions): Request {
  const parts = partsOf(kind, event, options);
  const method = checkedMethod(parts.method);
  const isBase64 = flagField(parts.isBase64Encoded, 'isBase64Encoded');
  let body: Uint8Array<ArrayBuffer> | undefined;
  if (parts.body !== null && parts.body !== undefined && parts.body !== '' && method !== 'GET' && method !== 'HEAD') {
    body = decodeBody(parts.body, isBase64);
    parts.headers.push(['content-length', String(body.byteLength)]);
  }
  return lazyRequest({ method, url: checkedUrl(parts.url), headers: checkedHeaders(parts.headers), body });
}
