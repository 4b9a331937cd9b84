/** The services Node lends fw's platform-neutral code (see src/core/platform.ts), each loaded on first use. */
import { providePlatform } from 'fw';

/** Registers Node's services: the `node:http` adapter for `listen()` and run-time imports by specifier. */
export function installNodePlatform(): void {
  providePlatform('adapter', async () => (await import('./adapter')).node());
  providePlatform('importModule', () => importModule);
}

/** Imports a module by a specifier known only at run time (a driver's package name, a dev entry's file URL). */
function importModule(specifier: string): Promise<unknown> {
  return import(/* @vite-ignore */ specifier);
}
