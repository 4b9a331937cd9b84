import type { FileSource } from './types';

/** What `fw/node` offers for files; imported only when `staticFiles` runs without a `source` (Node, Bun). */
interface NodeFiles {
  nodeFileSource(root: string): FileSource;
}

/** The file system under `root` on Node and Bun, loaded lazily so worker bundles never include it. */
export async function platformSource(root: string): Promise<FileSource> {
  const specifier = 'fw/node';
  try {
    const mod = (await import(/* @vite-ignore */ specifier)) as NodeFiles;
    return mod.nodeFileSource(root);
  } catch (cause) {
    throw new Error('staticFiles: no file system here; on workers bind static assets as ASSETS, elsewhere pass { source }', { cause });
  }
}
