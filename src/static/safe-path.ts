import { HttpError } from '../core/errors';
import { nosniffHeaders } from './nosniff';

/** Why a request path cannot name a file under the root. */
function refuse(status: 400 | 403, message: string): HttpError {
  return new HttpError(status, message, { code: status === 400 ? 'BAD_PATH' : 'FORBIDDEN_PATH', headers: nosniffHeaders });
}

/**
 * Turns the URL path after the prefix into a root-relative file path. Each segment is percent-decoded once
 * (malformed: 400); `..`, NUL, back slashes and encoded slashes anywhere are a 403. Empty and `.` segments
 * are dropped. Returns the segments; `trailingSlash` tells whether the URL named a directory.
 */
export function safeSegments(rawPath: string): { segments: string[]; trailingSlash: boolean } {
  const segments: string[] = [];
  const parts = rawPath.split('/');
  for (const part of parts) {
    let name: string;
    try {
      name = decodeURIComponent(part);
    } catch {
      throw refuse(400, 'Malformed percent-encoding in the path');
    }
    if (name === '..' || name.includes('\0') || name.includes('/') || name.includes('\\')) throw refuse(403, 'Path leaves the static root');
    if (name !== '' && name !== '.') segments.push(name);
  }
  return { segments, trailingSlash: rawPath.endsWith('/') };
}

/**
 * The URL path of checked segments under `prefix`: one leading slash, each segment percent-encoded, so the result
 * can never read as another host (`//host`, `/\host`) when used as a redirect `Location`.
 */
export function segmentsToUrlPath(prefix: string, segments: string[], trailingSlash: boolean): string {
  const path = segments.map(encodeURIComponent).join('/');
  return `${prefix}/${path}${trailingSlash && path !== '' ? '/' : ''}`;
}
