/** The part of a file system `scanWorkspace` reads; `node:fs/promises` fits as is. */
export interface WorkspaceFS {
  readdir(path: string, options: { withFileTypes: true }): Promise<{ name: string; isDirectory(): boolean; isFile(): boolean }[]>;
  readFile(path: string, encoding: 'utf8'): Promise<string>;
}

/** An app found on disk: `<root>/<appsDir>/<name>/` with an entry module and its mount. */
export interface ScannedApp {
  name: string;
  dir: string;
  entry: string;
  prefix?: string;
  host?: string;
}

/** Options of `scanWorkspace`. */
export interface ScanOptions {
  /** Folder holding one folder per app (default `apps`). */
  appsDir?: string;
  /** Entry file names tried in order (default index.ts, index.js, index.mjs, app.ts, app.js, src/index.ts, src/index.js). */
  entries?: string[];
}

const DEFAULT_ENTRIES = ['index.ts', 'index.js', 'index.mjs', 'app.ts', 'app.js', 'src/index.ts', 'src/index.js'];

function join(...parts: string[]): string {
  return parts.join('/').replace(/\/+/g, '/');
}

async function exists(fs: WorkspaceFS, dir: string, relative: string): Promise<boolean> {
  const slash = relative.lastIndexOf('/');
  const folder = slash === -1 ? dir : join(dir, relative.slice(0, slash));
  const file = slash === -1 ? relative : relative.slice(slash + 1);
  try {
    return (await fs.readdir(folder, { withFileTypes: true })).some((e) => e.name === file && e.isFile());
  } catch {
    return false;
  }
}

async function readMount(fs: WorkspaceFS, dir: string, name: string): Promise<{ prefix?: string; host?: string }> {
  if (!(await exists(fs, dir, 'fw.app.json'))) return { prefix: `/${name}` };
  const path = join(dir, 'fw.app.json');
  let parsed: unknown;
  try {
    parsed = JSON.parse(await fs.readFile(path, 'utf8'));
  } catch (error) {
    throw new Error(`${path} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  const { prefix, host } = (parsed ?? {}) as { prefix?: unknown; host?: unknown };
  if ((prefix !== undefined && typeof prefix !== 'string') || (host !== undefined && typeof host !== 'string')) {
    throw new TypeError(`${path}: "prefix" and "host" must be strings`);
  }
  return prefix === undefined && host === undefined ? { prefix: `/${name}` } : { prefix, host };
}

/**
 * Finds the apps of a workspace on disk: each folder of `<root>/apps` with an entry module; mounted at `/<name>`
 * unless its `fw.app.json` says `{ "prefix": ..., "host": ... }`. Pass `node:fs/promises` (or Bun's) as `fs`.
 */
export async function scanWorkspace(root: string, fs: WorkspaceFS, options: ScanOptions = {}): Promise<ScannedApp[]> {
  if (typeof root !== 'string' || root === '') throw new TypeError('scanWorkspace(root, fs) needs the workspace folder');
  if (!fs || typeof fs.readdir !== 'function' || typeof fs.readFile !== 'function')
    throw new TypeError('scanWorkspace(root, fs) needs a file system: pass node:fs/promises');
  const appsDir = join(root, options.appsDir ?? 'apps');
  let entries: Awaited<ReturnType<WorkspaceFS['readdir']>>;
  try {
    entries = await fs.readdir(appsDir, { withFileTypes: true });
  } catch (error) {
    throw new Error(`scanWorkspace: cannot read ${appsDir}: ${(error as Error).message}`, { cause: error });
  }
  const found: ScannedApp[] = [];
  for (const entry of entries
    .filter((e) => e.isDirectory() && !e.name.startsWith('.') && !e.name.startsWith('_'))
    .sort((a, b) => a.name.localeCompare(b.name))) {
    const dir = join(appsDir, entry.name);
    let file: string | undefined;
    for (const candidate of options.entries ?? DEFAULT_ENTRIES) {
      if (await exists(fs, dir, candidate)) {
        file = candidate;
        break;
      }
    }
    if (!file) continue;
    found.push({ name: entry.name, dir, entry: join(dir, file), ...(await readMount(fs, dir, entry.name)) });
  }
  return found;
}
