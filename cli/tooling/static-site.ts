/** Static site generation: answers a list of paths through the app in process and writes each page to a file. */
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Fw } from 'fw';

/** Options of `generateStaticSite`. */
export interface StaticSiteOptions {
  /** Paths to render, each starting with `/` (query strings are not allowed: the file name could not hold them). */
  paths: string[];
  /** Output folder (created when missing). */
  outDir: string;
  /** Origin of the in-process requests (default http://localhost). */
  origin?: string;
}

/** One written page. */
export interface StaticPage {
  path: string;
  file: string;
  status: number;
  bytes: number;
}

/** The file a path is written to: `/` -> index.html, `/about` -> about/index.html, `/feed.xml` -> feed.xml. */
export function staticFileFor(path: string): string {
  if (typeof path !== 'string' || !path.startsWith('/') || path.includes('?') || path.includes('#'))
    throw new TypeError(`generateStaticSite: "${String(path)}" is not a path like /about`);
  const parts = path
    .split('/')
    .filter(Boolean)
    .map((p) => decodeURIComponent(p));
  if (parts.some((p) => p === '..' || p === '.' || p.includes('/') || p.includes('\\')))
    throw new TypeError(`generateStaticSite: "${path}" leaves the output folder`);
  const last = parts[parts.length - 1];
  return last && /\.[a-z0-9]+$/i.test(last) ? parts.join('/') : [...parts, 'index.html'].join('/');
}

/** Renders every path through `app.fetch` and writes the bodies; throws listing every path that did not answer 200 (nothing is written then). */
export async function generateStaticSite(app: Fw, options: StaticSiteOptions): Promise<StaticPage[]> {
  const outDir = resolve(options.outDir);
  const origin = options.origin ?? 'http://localhost';
  const files = options.paths.map(staticFileFor);
  const answers = await Promise.all(
    options.paths.map(async (path) => {
      const response = await app.fetch(new Request(new URL(path, origin)));
      return { path, status: response.status, body: new Uint8Array(await response.arrayBuffer()) };
    }),
  );
  const failed = answers.filter((a) => a.status !== 200);
  if (failed.length > 0) throw new Error(`generateStaticSite: ${failed.map((f) => `${f.path} answered ${f.status}`).join(', ')}`);
  const pages: StaticPage[] = [];
  for (const [i, answer] of answers.entries()) {
    const file = join(outDir, files[i]);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, answer.body);
    pages.push({ path: answer.path, file: relative(outDir, file).split(sep).join('/'), status: answer.status, bytes: answer.body.length });
  }
  return pages;
}

/** The files of a generated site, as sorted paths relative to its folder. */
export async function listStaticFiles(outDir: string): Promise<string[]> {
  const root = resolve(outDir);
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) =>
      relative(root, join((e as { parentPath?: string; path: string }).parentPath ?? e.path, e.name))
        .split(sep)
        .join('/'),
    )
    .sort();
}
