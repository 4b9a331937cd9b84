import { mkdir, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { HttpError } from '../../src/core/errors';
import type { UploadStorage } from '../../src/upload/types';

/** Uploads as files under `dir` (created when missing); never leaves `dir` and never overwrites a file (409). */
export function localUploadStorage(dir: string): UploadStorage {
  const base = resolve(dir);
  let ready: Promise<unknown> | null = null;
  return {
    kind: 'local',
    async put(key, bytes) {
      const name = basename(key);
      if (name !== key || name === '' || name === '.' || name === '..')
        throw new Error(`upload: refusing to store under ${JSON.stringify(key)}`);
      await (ready ??= mkdir(base, { recursive: true }));
      const path = join(base, name);
      try {
        await writeFile(path, bytes, { flag: 'wx' });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST')
          throw new HttpError(409, `A file named ${name} already exists`, { code: 'FILE_EXISTS' });
        throw error;
      }
      return path;
    },
  };
}
