/**
 * What a bundle made by `fw build` carries for the database: installed (fw run from node_modules) there is nothing
 * here, and drivers are imported by name at run time. `fw build` replaces this module in the bundle with one whose
 * `bundledDrivers` import each driver the project depends on through a literal `import('postgres')` (which the
 * bundler follows, so a bundle shipped without node_modules finds its driver) and whose `bundleUrl` is the bundle's
 * own URL (where `fw build` copies `migrations/`).
 */

/** Driver loaders by the package name fw's engines import (`postgres`, `mysql2/promise`); empty when not bundled. */
export const bundledDrivers: Readonly<Record<string, () => Promise<unknown>>> = {};

/** The URL of the bundle this module was built into, or null when fw runs from node_modules. */
export const bundleUrl: string | null = null;
