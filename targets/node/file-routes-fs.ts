/** Reads a routes folder on Node and Bun for `app.fromFileRoutes()`: lists the route modules and imports them. */
import { readdir, stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isRouteModuleFile, type RouteManifest } from '../../src/file-routes';

/** The route module files of a folder, as sorted paths relative to it with `/` separators; throws when the folder is missing. */
export async function listRouteFiles(dir: string): Promise<string[]> {
  const root = resolve(dir);
  const info = await stat(root).catch(() => null);
  if (!info?.isDirectory()) throw new Error(`fromFileRoutes: no routes folder at ${root} (set { dir })`);
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) =>
      resolve((e as { parentPath?: string; path: string }).parentPath ?? e.path, e.name)
        .slice(root.length + 1)
        .split(sep)
        .join('/'),
    )
    .filter(isRouteModuleFile)
    .sort();
}

/** Imports every route module of a folder into a manifest keyed by relative path (files starting with `_` are left out). */
export async function loadFileRoutes(dir: string): Promise<RouteManifest> {
  const root = resolve(dir);
  const manifest: RouteManifest = {};
  for (const file of await listRouteFiles(root)) {
    if (file.split('/').some((part) => part.startsWith('_'))) continue;
    manifest[file] = (await import(pathToFileURL(resolve(root, file)).href)) as Record<string, unknown>;
  }
  return manifest;
}
