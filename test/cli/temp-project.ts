/** Projects in temporary folders for the CLI tests, and the real `fw` command (node cli/bin/fw.mjs) run inside them. */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtOnce } from '../packages/once-per-run';

/** The repository root. */
export const repo = fileURLToPath(new URL('../../', import.meta.url));

/** The repository's own packages a project can link into its node_modules, by name. */
const packages: Record<string, string> = { fw: repo, 'fw-mcp': join(repo, 'mcp'), typescript: join(repo, 'node_modules/typescript') };

/** What one run of the command printed and returned. */
export interface BinRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Writes `files` (path -> contents) into a new temporary folder and links `link` (fw, fw-mcp, typescript) from the repository into its node_modules. */
export async function tempProject(files: Record<string, string>, link: string[] = []): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'fw-cli-project-'));
  for (const [path, contents] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), contents);
  }
  for (const name of link) {
    await mkdir(join(dir, 'node_modules'), { recursive: true });
    await symlink(packages[name], join(dir, 'node_modules', name), 'dir');
  }
  return dir;
}

/** Removes the folders `tempProject` made. */
export async function removeProjects(dirs: string[]): Promise<void> {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
}

/**
 * Runs `node cli/bin/fw.mjs ...args` in `dir`. TSX_TSCONFIG_PATH points tsx at the repository's tsconfig, whose paths
 * map `fw` to its sources for the command (run from its TypeScript sources here) and the project's modules alike,
 * so the project's own tsconfig.json can be anything a test needs.
 */
export function runFw(dir: string, ...args: string[]): Promise<BinRun> {
  return new Promise((done) => {
    const env = { ...process.env, TSX_TSCONFIG_PATH: join(repo, 'tsconfig.json'), NO_COLOR: '1' };
    execFile(process.execPath, [join(repo, 'cli/bin/fw.mjs'), ...args], { cwd: dir, env, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      done({ code, stdout, stderr });
    });
  });
}

/** Waits for this run's one build of fw, fw-mcp and fw-cli (skipped when dist/ is fresh), so linked packages look installed. */
export function ensureBuilt(): Promise<void> {
  return builtOnce(repo);
}
