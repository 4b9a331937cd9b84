/**
 * What a runtime entry lends the platform-neutral code. `src/` never imports a platform: the Node and Bun entries
 * (`fw` resolved under the `node`/`bun` export conditions, and `fw/node`, `fw/bun`) register services here, each a
 * loader run on first use, so a worker bundle carries none of them and asking for one there fails with a message
 * that says what to pass instead.
 */
import type { Adapter } from './types';

/**
 * The services a runtime can provide, by name. Modules that need one add it to this interface by declaration
 * merging (`declare module '../core/platform'`), so the provider in targets/ and the user in src/ share one type.
 */
export interface PlatformServices {
  /** The adapter `listen()` serves through when the app names none. */
  adapter: Adapter;
  /** Imports a module by specifier at run time (database drivers, the S3 client, dev entries): Node and Bun only. */
  importModule: (specifier: string) => Promise<unknown>;
}

type Loader<T> = () => T | Promise<T>;

const loaders = new Map<string, Loader<unknown>>();
const loaded = new Map<string, Promise<unknown>>();

/** Registers (or replaces) the loader of a platform service; runtime entries call it, nothing else should. */
export function providePlatform<K extends keyof PlatformServices>(name: K, loader: Loader<PlatformServices[K]>): void {
  loaders.set(name as string, loader);
  loaded.delete(name as string);
}

/** Removes a service (tests use it to stand for a platform that has none). */
export function withdrawPlatform(name: keyof PlatformServices): void {
  loaders.delete(name as string);
  loaded.delete(name as string);
}

/** Whether the running platform provides a service. */
export function hasPlatform(name: keyof PlatformServices): boolean {
  return loaders.has(name as string);
}

/**
 * The service, loaded once; throws `missing` (a message that says what to pass instead) when this platform has
 * none, with the one case where Node has none (a fw/core app on fw/lambda, whose Node services are opt-in), and the
 * loader's own error, with the service named, when loading it fails.
 */
export function platform<K extends keyof PlatformServices>(name: K, missing: string): Promise<PlatformServices[K]> {
  const key = name as string;
  const cached = loaded.get(key);
  if (cached) return cached as Promise<PlatformServices[K]>;
  const loader = loaders.get(key);
  if (!loader) return Promise.reject(new Error(`${missing} (a fw/core app on Lambda: call installNodeServices() from 'fw/lambda' first)`));
  const promise = Promise.resolve()
    .then(loader)
    .catch((cause: unknown) => {
      loaded.delete(key);
      throw new Error(`${missing} (the platform service "${key}" failed to load: ${(cause as Error)?.message ?? cause})`, { cause });
    });
  loaded.set(key, promise);
  return promise as Promise<PlatformServices[K]>;
}
