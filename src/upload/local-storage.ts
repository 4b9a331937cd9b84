import type { UploadStorage } from './types';

/** What `fw/node` offers for local uploads; imported on first use so worker bundles never include it. */
interface NodeUploads {
  localUploadStorage(dir: string): UploadStorage;
}

/** Files under `dir` on Node and Bun (`localUploadStorage` in `fw/node`), loaded lazily. */
export function lazyLocalStorage(dir: string): UploadStorage {
  let storage: Promise<UploadStorage> | null = null;
  const load = async (): Promise<UploadStorage> => {
    const specifier = 'fw/node';
    try {
      return ((await import(/* @vite-ignore */ specifier)) as NodeUploads).localUploadStorage(dir);
    } catch (cause) {
      storage = null;
      throw new Error('upload: storage "local" needs a file system (Node or Bun); on workers use "r2"', { cause });
    }
  };
  return {
    kind: 'local',
    async put(key, bytes, contentType, ctx) {
      return (await (storage ??= load())).put(key, bytes, contentType, ctx);
    },
  };
}
