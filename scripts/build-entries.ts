/** Checks a built package against its `exports` map: every entry's JavaScript and declarations exist. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PackageBuild } from './build-layout';

/** The `exports` entries of a package (`.`, `./node`, …) with their `types` and `default` files; throws on an entry that lacks either. */
export function entriesOf(pkg: PackageBuild): Map<string, { types: string; default: string }> {
  const manifest = JSON.parse(readFileSync(join(pkg.dir, 'package.json'), 'utf8')) as { exports?: Record<string, unknown> };
  const entries = new Map<string, { types: string; default: string }>();
  for (const [key, value] of Object.entries(manifest.exports ?? {})) {
    if (typeof value !== 'object' || value === null) continue;
    const entry = value as Record<string, unknown>;
    if (typeof entry.types !== 'string' || typeof entry.default !== 'string') {
      throw new Error(`${pkg.name}: package.json exports["${key}"] needs "types" and "default" (files under ./dist/)`);
    }
    entries.set(key, { types: entry.types, default: entry.default });
  }
  return entries;
}

/** Throws, naming the entry, when a built file an `exports` entry points at is missing. */
export function checkEntries(pkg: PackageBuild): number {
  const entries = entriesOf(pkg);
  for (const [key, entry] of entries) {
    for (const file of [entry.types, entry.default]) {
      if (!existsSync(join(pkg.dir, file))) {
        throw new Error(
          `${pkg.name}: exports["${key}"] points at ${file}, which the build did not write: point it at dist/<source path>.js / .d.ts of a module under ${pkg.sources.join(', ')}`,
        );
      }
    }
  }
  return entries.size;
}
