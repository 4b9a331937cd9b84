/** Run-time imports by a specifier known only then: the `importModule` platform service of Node and Bun. */
import { bundledDrivers } from './db-bundle';

/** Imports a module by a specifier known only at run time (a driver's package name, a dev entry's file URL); a driver the bundle carries comes from the bundle. */
export function importModule(specifier: string): Promise<unknown> {
  const bundled = Object.hasOwn(bundledDrivers, specifier) ? bundledDrivers[specifier] : undefined;
  return bundled ? bundled() : import(/* @vite-ignore */ specifier);
}
