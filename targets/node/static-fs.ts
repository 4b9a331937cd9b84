import { realpathSync } from 'node:fs';
import { open, readdir, readFile, realpath, stat, type FileHandle } from 'node:fs/promises';
import { relative, resolve, sep } from 'node:path';
import type { DirEntry, FileSource, FileStat } from '../../src/static/types';

function absent(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP' || code === 'ENAMETOOLONG';
}

/** How much one read of a streamed file asks for. */
const chunkSize = 64 * 1024;

/**
 * Bytes `start` to `end` (inclusive) of a file as a pull-driven stream over a FileHandle: each read is asked for
 * by the consumer (back-pressure without a Node stream in between), and the handle is closed at the end, on an
 * error and on cancel. Node's `Readable.toWeb(createReadStream())` did the same about twice as slowly per 300 KB
 * file, and grew slower still once the process had run a while.
 */
function fileStream(file: string, start: number, end: number): ReadableStream<Uint8Array> {
  let handle: FileHandle | null = null;
  let position = start;
  const close = (): Promise<void> | undefined => {
    const current = handle;
    handle = null;
    return current?.close();
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          handle ??= await open(file, 'r');
          const wanted = Math.min(chunkSize, end + 1 - position);
          const chunk = wanted > 0 ? new Uint8Array(wanted) : null;
          const { bytesRead } = chunk === null ? { bytesRead: 0 } : await handle.read(chunk, 0, wanted, position);
          if (bytesRead === 0) {
            await close();
            controller.close();
            return;
          }
          position += bytesRead;
          controller.enqueue(bytesRead === wanted ? chunk! : chunk!.subarray(0, bytesRead));
        } catch (error) {
          await close();
          throw error;
        }
      },
      cancel: close,
    },
    { highWaterMark: 0 },
  );
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
        return relative(rootReal(), await realpath(at(path)))
          .split(sep)
          .join('/');
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
      return fileStream(at(path), start ?? 0, end ?? Infinity);
    },
    async readAll(path: string): Promise<Uint8Array<ArrayBuffer>> {
      const buffer = await readFile(at(path));
      return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength) as Uint8Array<ArrayBuffer>;
    },
    async list(path: string): Promise<DirEntry[]> {
      const dir = at(path);
      const entries = await readdir(dir, { withFileTypes: true });
      return Promise.all(
        entries.map(async (e) => ({
          name: e.name,
          isDirectory:
            e.isDirectory() ||
            (e.isSymbolicLink() &&
              (await stat(resolve(dir, e.name)).then(
                (s) => s.isDirectory(),
                () => false,
              ))),
        })),
      );
    },
  };
}
