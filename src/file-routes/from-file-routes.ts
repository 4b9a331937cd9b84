/** `app.fromFileRoutes()`: registers the routes of a routes folder, read by the platform or given as a built manifest. */
import type { Fw } from '../core/fw';
import { platform } from '../core/platform';
import { routesFromManifest, type RouteManifest } from './routes-from-manifest';

/** Options of `fromFileRoutes`. */
export interface FileRoutesOptions {
  /** The routes folder, relative to the working directory (default `src/routes`); ignored when `manifest` is given. */
  dir?: string;
  /** Log each registered route (method, path, file). */
  verbose?: boolean;
  /** The routes folder as imported modules (made by `fw build` / `writeRouteManifest`); needed on workers and Lambda. */
  manifest?: RouteManifest;
  /** Where verbose lines go (default console.log). */
  log?: (line: string) => void;
}

declare module '../core/platform' {
  interface PlatformServices {
    /** Reads a routes folder and imports its modules into a manifest (Node and Bun). */
    loadFileRoutes: (dir: string) => Promise<RouteManifest>;
  }
}

async function loadFromPlatform(app: Fw<any, any>, dir: string): Promise<RouteManifest> {
  const load = await platform(
    app,
    'loadFileRoutes',
    'fromFileRoutes: this platform has no file system; pass { manifest } built by `fw build` (see src/file-routes/README.md)',
  );
  return load(dir);
}

/** Registers every route of the routes folder (or manifest) on the app, then resolves to the app. */
export async function fromFileRoutes<App extends Fw<any, any>>(app: App, options: FileRoutesOptions = {}): Promise<App> {
  const dir = options.dir ?? 'src/routes';
  const manifest = options.manifest ?? (await loadFromPlatform(app, dir));
  const log = options.log ?? ((line: string) => console.log(line));
  for (const route of routesFromManifest(manifest)) {
    app.route(route.method, route.path, route.handler, route.options);
    if (options.verbose) log(`[fw] file route ${route.method.padEnd(7)} ${route.path}  <- ${route.file}`);
  }
  return app;
}
