/**
 * A project outside the checkout with fw installed the way `npm install fw` installs it: node_modules/fw holds a copy
 * of what the package publishes (package.json and its `files`, i.e. the dist/ that `npm run build` writes), and every
 * other package is a link to the repo's node_modules (hono, fw's dependencies). Bundlers and Node resolve `fw` and
 * `fw/core` there through the package's exports map, and no tsconfig.json of the checkout (whose `paths` send `fw`
 * to src/) is on the way, so a bench measures what users get.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The repository root. */
export const repoRoot = join(import.meta.dirname, '..', '..');

interface PackageJson {
  files: string[];
  exports: Record<string, unknown>;
}

const manifest = (): PackageJson => JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as PackageJson;

/** Why `fw/core` cannot be measured yet (no `./core` export or no built dist/src/core/index.js), or null when it can. */
export function fwCoreMissing(): string | null {
  if (!manifest().exports['./core']) return 'package.json has no "./core" export yet';
  if (!existsSync(join(repoRoot, 'dist', 'src', 'core', 'index.js'))) return 'dist/src/core/index.js is not built';
  return null;
}

/** The paths a `files` entry names: itself, or with each `*` segment expanded to the folders and files present. */
function expand(entry: string): string[] {
  let paths = [''];
  for (const segment of entry.split('/')) {
    paths = paths.flatMap((base) =>
      segment === '*' ? readdirSync(join(repoRoot, base)).map((name) => join(base, name)) : [join(base, segment)],
    );
  }
  return entry.includes('*') ? paths.filter((path) => existsSync(join(repoRoot, path))) : paths;
}

/** Creates the project in a new temp folder (fw must be built) and returns its path; `removeUserProject` deletes it. */
export function makeUserProject(label: string): string {
  const dir = mkdtempSync(join(tmpdir(), `fw-user-${label}-`));
  const fw = join(dir, 'node_modules', 'fw');
  mkdirSync(fw, { recursive: true });
  cpSync(join(repoRoot, 'package.json'), join(fw, 'package.json'));
  for (const entry of manifest().files.flatMap(expand)) {
    if (!existsSync(join(repoRoot, entry))) throw new Error(`${entry} is missing: run npm run build first`);
    cpSync(join(repoRoot, entry), join(fw, entry), { recursive: true });
  }
  for (const name of readdirSync(join(repoRoot, 'node_modules'))) {
    if (name !== 'fw' && !name.startsWith('.')) symlinkSync(join(repoRoot, 'node_modules', name), join(dir, 'node_modules', name));
  }
  return dir;
}

/** Deletes a project made by `makeUserProject`. */
export function removeUserProject(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
