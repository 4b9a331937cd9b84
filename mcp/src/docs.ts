import type { MCPResource } from './types';

/** Turns a markdown file's path under the docs folder into its slug: `guide/Getting Started.md` -> `guide-getting-started`. */
export function slugOf(path: string): string {
  return path
    .replace(/\.(md|markdown)$/i, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function titleOf(markdown: string, slug: string): string {
  const heading = /^#\s+(.+)$/m.exec(markdown);
  return heading ? heading[1].trim() : slug;
}

/** One `docs://<slug>` resource per markdown document (keys are file paths or slugs). */
export function docsResources(files: Record<string, string>): MCPResource[] {
  return Object.entries(files).map(([path, markdown]) => {
    const slug = slugOf(path);
    return { uri: `docs://${slug}`, name: slug, title: titleOf(markdown, slug), mimeType: 'text/markdown', text: markdown };
  });
}

interface FsPromises {
  readdir(path: string, options: { recursive: true }): Promise<string[]>;
  readFile(path: string, encoding: 'utf8'): Promise<string>;
}

/**
 * Reads every markdown file under a folder (Node 20.16+ and Bun). It reaches the file system through the
 * runtime's `process.getBuiltinModule` instead of an import, so this package still bundles for workers,
 * where `docsDir` is refused and the `docs` map is used instead.
 */
export async function readDocsDir(dir: string): Promise<Record<string, string>> {
  const runtime = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const fs = runtime?.getBuiltinModule?.('fs/promises') as FsPromises | undefined;
  if (!fs) throw new Error(`docsDir "${dir}" needs a file system (Node or Bun); on workers pass the documents as the "docs" option`);
  const names = (await fs.readdir(dir, { recursive: true })).filter((n) => /\.(md|markdown)$/i.test(n)).sort();
  const files: Record<string, string> = {};
  for (const name of names) files[name] = await fs.readFile(`${dir.replace(/\/+$/, '')}/${name}`, 'utf8');
  return files;
}
