/**
 * Rebuilds the URL path of an event percent-encoded exactly once, as the client sent it, so that the core decodes it
 * once (see targets/lambda/README.md, "What each event carries"): a path that arrives decoded is encoded, a path
 * that arrives encoded is kept, and only what the URL parser would change is escaped in it.
 */
import { InvalidEventError } from './errors';
import type { LambdaOptions } from './types';

function encodeChar(ch: string): string {
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
  return cleanDecoded.test(path) ? path : path.replace(unsafeInDecoded, encodeChar);
}

const cleanEncoded = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/%\\]*$/;
const unsafeInEncoded = /[^A-Za-z0-9\-._~!$&'()*+,;=:@/%\\]/gu;

/**
 * Keeps a path that arrives percent-encoded as the client sent it (REST API and ALB `path`, function URL `rawPath`):
 * its escapes are left alone, malformed ones included (the core answers those with a 400), and what a client cannot
 * send unescaped (`?`, `#`, spaces, controls, non-ASCII) is escaped so the URL parser never cuts or trims the path.
 */
export function keepEncodedPath(path: string): string {
  return cleanEncoded.test(path) ? path : path.replace(unsafeInEncoded, encodeChar);
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

/** The path field of an event with a leading `/` (an absent path is the root). */
export function rootedPath(path: string | undefined): string {
  if (path === undefined || path === '') return '/';
  return path.charCodeAt(0) === 47 ? path : `/${path}`;
}
