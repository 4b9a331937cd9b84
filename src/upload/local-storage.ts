import { platform, type PlatformHolder } from '../core/platform';
import type { UploadStorage } from './types';

declare module '../core/platform' {
  interface PlatformServices {
    /** Uploads stored as files under a folder, for storage "local" (Node and Bun). */
    uploadStorage: (dir: string) => UploadStorage;
  }
}

/** Files under `dir` through the app's `uploadStorage` platform service (Node and Bun), loaded on first upload. */
export function lazyLocalStorage(dir: string): UploadStorage {
  let storage: Promise<UploadStorage> | null = null;
  const load = async (app: PlatformHolder): Promise<UploadStorage> => {
    try {
      return (await platform(app, 'uploadStorage', 'upload: storage "local" needs a file system (Node or Bun); on workers use "r2"'))(dir);
    } catch (error) {
      storage = null;
      throw error;
    }
  };
  return {
    kind: 'local',
    async put(key, bytes, contentType, ctx, metadata) {
      return (await (storage ??= load(ctx.app))).put(key, bytes, contentType, ctx, metadata);
    },
  };
}
