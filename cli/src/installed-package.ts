/** Finds a package as Node would for code in the project folder (the node_modules folders from there up). */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** A package folder and its package.json fields. */
export interface InstalledPackage {
  dir: string;
  manifest: Record<string, any>;
}

/** The project's `require`, resolving from `<projectDir>/package.json` whether or not that file exists. */
export function projectRequire(projectDir: string): NodeRequire {
  return createRequire(join(projectDir, 'package.json'));
}

/** The first `node_modules/<name>` Node's lookup reaches from `projectDir`, or null when none holds a package.json. */
export function findInstalled(projectDir: string, name: string): InstalledPackage | null {
  for (const base of projectRequire(projectDir).resolve.paths(name) ?? []) {
    const file = join(base, name, 'package.json');
    if (existsSync(file)) return { dir: join(base, name), manifest: JSON.parse(readFileSync(file, 'utf8')) as Record<string, any> };
  }
  return null;
}
