/** Reads route modules (already imported) into a list of routes, applying the file-route rules of spec 4.3.6. */
import type { RouteHandler, RouteOptions } from '../core/types';
import { fileRoutePath, routeMethods, type FileRouteMethod } from './route-path';

/** The routes folder as imported modules, keyed by path relative to the folder (`users/[id].ts`). */
export type RouteManifest = Record<string, Record<string, unknown>>;

/** One route a file produces. */
export interface FileRoute {
  method: FileRouteMethod;
  path: string;
  file: string;
  handler: RouteHandler;
  options: RouteOptions;
}

/**
 * The method an export or `config` key names (`get` or `GET`; `del` for DELETE), or undefined. A function, not a
 * table filled when the module loads: every `fw` bundle carries this module, few apps use file routes.
 */
function exportMethod(name: string): FileRouteMethod | undefined {
  if (name === 'del') return 'DELETE';
  const upper = name.toUpperCase() as FileRouteMethod;
  return (name === upper || name === upper.toLowerCase()) && routeMethods.includes(upper) ? upper : undefined;
}

/** The `config` export: route options for every method of the file, with per-method options under `get`, `post`, ... */
function routeOptions(file: string, mod: Record<string, unknown>, method: FileRouteMethod): RouteOptions {
  const config = mod.config;
  if (config === undefined) return {};
  if (typeof config !== 'object' || config === null || Array.isArray(config)) {
    throw new Error(`File route ${file}: the \`config\` export must be an object of route options (schema, tags, summary, ...)`);
  }
  const shared: Record<string, unknown> = {};
  let own: unknown = {};
  for (const [key, value] of Object.entries(config)) {
    const keyMethod = exportMethod(key);
    if (!keyMethod) shared[key] = value;
    else if (keyMethod === method) own = value;
  }
  if (typeof own !== 'object' || own === null)
    throw new Error(`File route ${file}: config.${method.toLowerCase()} must be an object of route options`);
  return { ...shared, ...own } as RouteOptions;
}

function handlersOf(file: string, mod: Record<string, unknown>, suffix: FileRouteMethod | null): [FileRouteMethod, RouteHandler][] {
  if (suffix) {
    const handler = mod.default ?? mod[suffix.toLowerCase()] ?? mod[suffix];
    if (typeof handler !== 'function') throw new Error(`File route ${file}: export a default handler function for ${suffix}`);
    return [[suffix, handler as RouteHandler]];
  }
  const found = new Map<FileRouteMethod, RouteHandler>();
  for (const [name, value] of Object.entries(mod)) {
    const method = exportMethod(name);
    if (!method || typeof value !== 'function') continue;
    if (found.has(method)) throw new Error(`File route ${file}: ${method} is exported twice (${name} and another name)`);
    found.set(method, value as RouteHandler);
  }
  if (typeof mod.default === 'function') {
    if (found.has('GET')) throw new Error(`File route ${file}: exports both a default handler and get; keep one`);
    found.set('GET', mod.default as RouteHandler);
  }
  if (found.size === 0) {
    throw new Error(
      `File route ${file}: exports no handler; export get, post, put, patch, delete (or del), head, options, all, or a default GET handler (prefix helper files with _)`,
    );
  }
  return [...found];
}

function rank(path: string): string {
  return path
    .split('/')
    .map((s) => (s === '*' ? '\u00ff' : s.startsWith(':') ? '\u00fe' : s))
    .join('/');
}

/** Turns a manifest into routes; throws on a module without handlers or two files claiming the same method and path. */
export function routesFromManifest(manifest: RouteManifest): FileRoute[] {
  if (typeof manifest !== 'object' || manifest === null)
    throw new TypeError('fromFileRoutes: the manifest must be an object of modules keyed by file path');
  const routes: FileRoute[] = [];
  const owners = new Map<string, string>();
  for (const file of Object.keys(manifest).sort()) {
    const target = fileRoutePath(file);
    if (!target) continue;
    const mod = manifest[file];
    if (typeof mod !== 'object' || mod === null) throw new TypeError(`File route ${file}: the manifest entry is not a module`);
    for (const [method, handler] of handlersOf(file, mod, target.method)) {
      const options = routeOptions(file, mod, method);
      const key = `${method} ${target.path}`;
      const owner = owners.get(key);
      if (owner) throw new Error(`File routes ${owner} and ${file} both answer ${key}`);
      owners.set(key, file);
      routes.push({ method, path: target.path, file, handler, options });
    }
  }
  return routes.sort((a, b) => (rank(a.path) < rank(b.path) ? -1 : rank(a.path) > rank(b.path) ? 1 : 0));
}
