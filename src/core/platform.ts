/**
 * What a runtime lends an app's platform-neutral code. `src/` never imports a platform: each app holds its own
 * services (`app.platform`, a loader per service run on first use), which the Node and Bun entries of `fw` preset
 * on their `Fw`, fw/node's and fw/bun's `serve()` give to an app that has none, and `installNodeServices(app)` adds
 * on Lambda. A worker bundle carries none of them, and asking an app for one it lacks fails with a message that
 * says what to pass instead. Nothing here is process-wide: two apps in one process never see each other's services.
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

/** An app's platform services: for each service it has, a loader run on first use. */
export type Platform = { readonly [K in keyof PlatformServices]?: () => PlatformServices[K] | Promise<PlatformServices[K]> };

/** What holds platform services: an app (`app.platform`), a Database, or options that carry them. */
export interface PlatformHolder {
  readonly platform?: Platform;
}

/** Each services object's loaded services, so loading happens once per object, never shared between objects. */
const loadedBy = new WeakMap<Platform, Map<string, Promise<unknown>>>();

/** Whether an app (or other holder) has a service. */
export function hasPlatform(holder: PlatformHolder | undefined, name: keyof PlatformServices): boolean {
  return typeof holder?.platform?.[name] === 'function';
}

/**
 * An app's service, loaded once per services object; throws `missing` (a message that says what to pass instead)
 * with how to give an app services when it has none, and the loader's own error, with the service named, when
 * loading it fails.
 */
export function platform<K extends keyof PlatformServices>(
  holder: PlatformHolder | undefined,
  name: K,
  missing: string,
): Promise<PlatformServices[K]> {
  const key = name as string;
  const services = holder?.platform;
  const loader = services?.[name];
  if (!services || typeof loader !== 'function') return Promise.reject(new Error(`${missing} (${noService(key)})`));
  let loaded = loadedBy.get(services);
  if (!loaded) loadedBy.set(services, (loaded = new Map()));
  const cached = loaded.get(key);
  if (cached) return cached as Promise<PlatformServices[K]>;
  const promise = Promise.resolve()
    .then(loader)
    .catch((cause: unknown) => {
      loaded.delete(key);
      throw new Error(`${missing} (the platform service "${key}" failed to load: ${(cause as Error)?.message ?? cause})`, { cause });
    });
  loaded.set(key, promise);
  return promise as Promise<PlatformServices[K]>;
}

/** What to do when an app has no such service. */
function noService(name: string): string {
  return `this app has no "${name}" platform service: an app made with new Fw() from 'fw' on Node or Bun has it; give a fw/core app Node's with installNodeServices(app) from 'fw/node' or 'fw/lambda', or serve it with serve(app) from 'fw/node' or 'fw/bun'`;
}
