/** Rebuilds the URL path and query string of an event: what each source hands over decoded gets encoded again. */
import type { LambdaOptions } from './types';
import { InvalidEventError } from './errors';

const cleanPath = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/%]*$/;
const cleanDecoded = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/]*$/;
const unsafeInDecoded = /[^A-Za-z0-9\-._~!$&'()*+,;=:@/]/gu;
const unsafeInRaw = /[^A-Za-z0-9\-._~!$&'()*+,;=:@/%]|%(?![0-9A-Fa-f]{2})/gu;

function encodeChar(ch: string): string {
  try {
    return encodeURIComponent(ch);
  } catch (error) {
    throw new InvalidEventError('The request path holds an invalid character (a lone UTF-16 surrogate)', error);
  }
}

/** Encodes a path that arrives decoded (v2 `rawPath`): `%` and every character not allowed in a path are escaped. */
export function encodeDecodedPath(path: string): string {
  return cleanDecoded.test(path) ? path : path.replace(unsafeInDecoded, encodeChar);
}

/** Encodes a path that may or may not be encoded (v1, ALB): existing `%XX` escapes are kept, stray `%` and unsafe characters escaped. */
export function encodeRawPath(path: string): string {
  return cleanPath.test(path) && !/%(?![0-9A-Fa-f]{2})/.test(path) ? path : path.replace(unsafeInRaw, encodeChar);
}

function stripPrefix(path: string, prefix: string): string {
  if (prefix === '' || prefix === '/') return path;
  if (path === prefix) return '/';
  return path.startsWith(prefix) && path[prefix.length] === '/' ? path.slice(prefix.length) : path;
}

/** Removes the stage (when `stripStage`) and the `basePath` from a decoded path, then makes sure it starts with `/`. */
export function trimPath(path: string, stage: unknown, options: LambdaOptions): string {
  let out = path.startsWith('/') ? path : `/${path}`;
  if (options.stripStage && typeof stage === 'string' && stage !== '' && stage !== '$default') out = stripPrefix(out, `/${stage}`);
  if (options.basePath) out = stripPrefix(out, options.basePath.endsWith('/') ? options.basePath.slice(0, -1) : options.basePath);
  return out;
}

/** Builds a query string from API Gateway v1 parameters, which arrive decoded: keys and values are encoded again. */
export function v1Query(single: Record<string, string | undefined> | null | undefined, multi: Record<string, string[] | undefined> | null | undefined): string {
  let out = '';
  if (multi) {
    for (const key in multi) {
      const values = multi[key];
      if (!values) continue;
      const k = encodeURIComponent(key);
      for (const value of values) out += `${out ? '&' : ''}${k}=${encodeURIComponent(value ?? '')}`;
    }
    return out;
  }
  for (const key in single ?? {}) {
    const value = single![key];
    if (value === undefined || value === null) continue;
    out += `${out ? '&' : ''}${encodeURIComponent(key)}=${encodeURIComponent(value)}`;
  }
  return out;
}

/** Builds a query string from ALB parameters, which arrive exactly as the client sent them (still encoded). */
export function albQuery(single: Record<string, string | undefined> | null | undefined, multi: Record<string, string[] | undefined> | null | undefined): string {
  let out = '';
  if (multi) {
    for (const key in multi) for (const value of multi[key] ?? []) out += `${out ? '&' : ''}${key}=${value}`;
    return out;
  }
  for (const key in single ?? {}) {
    const value = single![key];
    if (value !== undefined && value !== null) out += `${out ? '&' : ''}${key}=${value}`;
  }
  return out;
}
