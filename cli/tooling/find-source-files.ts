/** Lists a project's source files for analysis, leaving out dependencies, build output and declarations. */
import { readdir } from 'node:fs/promises';
import { relative, resolve, sep } from 'node:path';

const sourceFile = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const skippedFolders = new Set(['node_modules', 'dist', 'build', 'coverage', '.git', '.wrangler', '.output']);

/** Source files under `dir` (absolute paths, sorted), without node_modules, dist, dot folders and `.d.ts` files. */
export async function findSourceFiles(dir: string): Promise<string[]> {
  const root = resolve(dir);
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => {
    throw new Error(`findSourceFiles: no folder at ${root}`);
  });
  return entries
    .filter((e) => e.isFile() && sourceFile.test(e.name) && !/\.d\.[mc]?ts$/.test(e.name))
    .map((e) => resolve((e as { parentPath?: string; path: string }).parentPath ?? e.path, e.name))
    .filter(
      (file) =>
        !relative(root, file)
          .split(sep)
          .slice(0, -1)
          .some((part) => skippedFolders.has(part) || part.startsWith('.')),
    )
    .sort();
}
