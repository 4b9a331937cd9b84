/** Turns a file's path inside the routes folder into a route pattern and an optional method (spec 4.3.6). */

/** Extensions of route modules; `.d.ts`, `.test.*` and `.spec.*` files are never routes. */
export const routeExtensions = ['.ts', '.tsx', '.mts', '.js', '.jsx', '.mjs'];

/** The methods a file name suffix (`[id].get.ts`) or an export name (`get`, `POST`, `del`) can name. */
export const routeMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'ALL'] as const;

/** One of the methods of `routeMethods`. */
export type FileRouteMethod = (typeof routeMethods)[number];

/** Where a file maps to: the path pattern and the method named by its suffix (null: the module's exports decide). */
export interface FileRoutePath {
  path: string;
  method: FileRouteMethod | null;
}

const paramName = /^[A-Za-z_$][\w$]*$/;

/** True for a file the routes folder may hold as a route module (by extension, not a declaration or test file). */
export function isRouteModuleFile(file: string): boolean {
  const name = file.slice(file.lastIndexOf('/') + 1);
  if (/\.d\.[mc]?ts$/.test(name) || /\.(test|spec)\.[^.]+$/.test(name)) return false;
  return routeExtensions.some((ext) => name.endsWith(ext));
}

function segmentPattern(segment: string, file: string): string {
  if (!segment.includes('[') && !segment.includes(']')) return segment;
  const match = /^\[(\.\.\.)?([^\]]*)\]$/.exec(segment);
  if (!match || !paramName.test(match[2])) {
    throw new Error(`File route ${file}: bad segment "${segment}"; use [name] for a parameter or [...name] for the rest of the path`);
  }
  return match[1] ? '*' : `:${match[2]}`;
}

/**
 * Maps a path relative to the routes folder (`users/[id].get.ts`) to its route, or null for a skipped file
 * (a file or folder starting with `_`, or a file that is not a route module). Throws on malformed brackets.
 */
export function fileRoutePath(file: string): FileRoutePath | null {
  const relative = file.replace(/\\/g, '/').replace(/^\.?\//, '');
  if (!isRouteModuleFile(relative)) return null;
  const parts = relative.split('/');
  if (parts.some((p) => p.startsWith('_'))) return null;
  let name = parts.pop()!;
  name = name.slice(0, name.lastIndexOf('.'));
  let method: FileRouteMethod | null = null;
  const dot = name.lastIndexOf('.');
  if (dot > 0 && dot > name.lastIndexOf(']')) {
    const suffix = name.slice(dot + 1).toUpperCase();
    if (!(routeMethods as readonly string[]).includes(suffix)) {
      throw new Error(
        `File route ${relative}: unknown method suffix ".${name.slice(dot + 1)}"; use one of ${routeMethods.map((m) => m.toLowerCase()).join(', ')}`,
      );
    }
    method = suffix as FileRouteMethod;
    name = name.slice(0, dot);
  }
  const segments = parts.filter((p) => !(p.startsWith('(') && p.endsWith(')')));
  if (name !== 'index') segments.push(name);
  const pattern = segments.map((s) => segmentPattern(s, relative));
  const rest = pattern.indexOf('*');
  if (rest !== -1 && rest !== pattern.length - 1) throw new Error(`File route ${relative}: [...rest] must be the last segment`);
  return { path: `/${pattern.join('/')}`, method };
}
