/** Run-time imports by a specifier known only then: the `importModule` platform service of Node and Bun. */

/** Imports a module by a specifier known only at run time (a driver's package name, a dev entry's file URL). */
export function importModule(specifier: string): Promise<unknown> {
  return import(/* @vite-ignore */ specifier);
}
