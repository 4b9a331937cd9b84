/**
 * Builds the Web Request from what an event source read, with the checks every source shares: the header rules (no
 * duplicates, Hono #2550; nothing HTTP does not allow, Hono #4883, #4437), the method, the URL and the body.
 */
import { InvalidEventError } from '../errors';
import { flagField, listEntry, mapField, stringEntry } from './fields';
import { lazyRequest } from '../../serverless/lazy-request';

/** Header name/value pairs, as `new Request()` takes them. */
export type HeaderPairs = [string, string][];

/** What a source read from its event; `body` and `isBase64Encoded` are checked here (GET and HEAD drop the body). */
export interface RequestParts {
  method: unknown;
  url: string;
  headers: HeaderPairs;
  body: unknown;
  isBase64Encoded: unknown;
}

const nonAscii = /[^\x00-\x7f]/;
const tokenName = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Headers the adapter recomputes from the body it really passes on (a body-size limit cannot be bypassed). */
function isFraming(name: string): boolean {
  return (name.length === 14 || name.length === 17) && /^(content-length|transfer-encoding)$/i.test(name);
}

/** Adds a header of the event, unless absent or a framing header; a non-ASCII value is a 400. */
export function addHeader(pairs: HeaderPairs, name: string, value: string | undefined): void {
  if (value === undefined || isFraming(name)) return;
  if (nonAscii.test(value)) throw new InvalidEventError(`Header "${name}" has a non-ASCII value`);
  pairs.push([name, value]);
}

/** Headers of a REST or ALB event: when `multiValueHeaders` has a name it wins, and `headers` only fills the names it lacks (Hono #3870). */
export function multiValueHeaderPairs(singleField: unknown, multiField: unknown): HeaderPairs {
  const pairs: HeaderPairs = [];
  const single = mapField(singleField, 'headers');
  const multi = mapField(multiField, 'multiValueHeaders');
  const seen = multi === null ? null : new Set<string>();
  for (const name in multi) {
    const values = listEntry(multi!, name, 'multiValueHeaders');
    if (values === undefined) continue;
    seen!.add(name.toLowerCase());
    if (name.toLowerCase() === 'cookie') addHeader(pairs, name, values.join('; '));
    else for (const value of values) addHeader(pairs, name, value);
  }
  for (const name in single) {
    if (seen === null || !seen.has(name.toLowerCase())) addHeader(pairs, name, stringEntry(single!, name, 'headers'));
  }
  return pairs;
}

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

/** Finds the pair `new Headers()` rejected, to name it in the 400's message. */
function explainBadHeader(pairs: HeaderPairs): string {
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

function checkedHeaders(pairs: HeaderPairs): Headers {
  try {
    return new Headers(pairs);
  } catch (error) {
    throw new InvalidEventError(explainBadHeader(pairs), error);
  }
}

/** Builds the Request: method checked, body decoded and `content-length` recomputed (GET/HEAD bodies are dropped), URL and headers validated. */
export function buildRequest(parts: RequestParts): Request {
  const method = checkedMethod(parts.method);
  const isBase64 = flagField(parts.isBase64Encoded, 'isBase64Encoded');
  let body: Uint8Array<ArrayBuffer> | undefined;
  if (parts.body !== null && parts.body !== undefined && parts.body !== '' && method !== 'GET' && method !== 'HEAD') {
    body = decodeBody(parts.body, isBase64);
    parts.headers.push(['content-length', String(body.byteLength)]);
  }
  return lazyRequest({ method, url: checkedUrl(parts.url), headers: checkedHeaders(parts.headers), body });
}
