import { createReadStream, realpathSync } from 'node:fs';
import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import { relative, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { DirEntry, FileSource, FileStat } from '../../src/static/types';

function absent(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP' || code === 'ENAMETOOLONG';
}

/** The files under `root` on Node and Bun, for `staticFiles` (symlinks resolved, so a link out of root is seen as such). */
export function nodeFileSource(root: string): FileSource {
  const base = resolve(root);
  let realBase: string | null = null;
  const rootReal = (): string => {
    if (realBase !== null) return realBase;
    try {
      return (realBase = realpathSync(base));
    } catch (cause) {
      throw new Error(`staticFiles: root ${base} cannot be read`, { cause });
    }
  };
  const at = (path: string): string => resolve(rootReal(), path);

  return {
    async realpath(path: string): Promise<string | null> {
      try {
        return relative(rootReal(), await realpath(at(path))).split(sep).join('/');
      } catch (error) {
        if (absent(error)) return null;
        throw error;
      }
    },
    async stat(path: string): Promise<FileStat | null> {
      try {
        const s = await stat(at(path));
        return { size: s.size, mtimeMs: s.mtimeMs, isFile: s.isFile(), isDirectory: s.isDirectory(), id: `${s.dev}:${s.ino}` };
      } catch (error) {
        if (absent(error)) return null;
        throw error;
      }
    },
    read(path: string, start?: number, end?: number): ReadableStream<Uint8Array> {
      return Readable.toWeb(createReadStream(at(path), { start, end })) as ReadableStream<Uint8Array>;
    },
    async readAll(path: string): Promise<Uint8Array<ArrayBuffer>> {
      const buffer = await readFile(at(path));
      return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength) as Uint8Array<ArrayBuffer>;
    },
    async list(path: string): Promise<DirEntry[]> {
      const dir = at(path);
      const entries = await readdir(dir, { withFileTypes: true });
      return Promise.all(entries.map(async (e) => ({
        name: e.name,
        isDirectory: e.isDirectory() || (e.isSymbolicLink() && (await stat(resolve(dir, e.name)).then((s) => s.isDirectory(), () => false))),
      })));
    },
  };
}
