/** Doctor checks that fw and fw-mcp resolve from the project as installed, with every type declaration their exports name. */
import { existsSync, realpathSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { DoctorCheck } from '../../tooling/doctor';
import { findInstalled, projectRequire } from '../installed-package';

function typesIn(target: unknown): string | null {
  if (typeof target !== 'object' || target === null || Array.isArray(target)) return null;
  const conditions = target as Record<string, unknown>;
  if (typeof conditions.types === 'string') return conditions.types;
  return ['import', 'node', 'default'].map((c) => typesIn(conditions[c])).find((t) => t !== null) ?? null;
}

/** The declaration file of each export subpath ('.' falls back to the top-level `types`/`typings`); null marks a subpath without one. */
export function declaredTypes(manifest: Record<string, any>): Map<string, string | null> {
  const exports: unknown = manifest.exports;
  const map =
    typeof exports === 'object' && exports !== null && !Array.isArray(exports) && Object.keys(exports).some((k) => k.startsWith('.'))
      ? (exports as Record<string, unknown>)
      : { '.': exports };
  const types = new Map<string, string | null>();
  for (const [subpath, target] of Object.entries(map)) if (!subpath.endsWith('.json')) types.set(subpath, typesIn(target));
  if (!types.get('.')) types.set('.', manifest.types ?? manifest.typings ?? null);
  return types;
}

/** Checks that `name` resolves from `projectDir` and that its declared types exist; a missing optional package is a warning saying what needs it. */
export function checkInstalledPackage(projectDir: string, name: string, optional?: string): DoctorCheck {
  const check = `${name} install`;
  const pkg = findInstalled(projectDir, name);
  if (!pkg) {
    const status = optional ? 'warn' : 'error';
    return {
      name: check,
      status,
      message: `${name} does not resolve from ${projectDir}${optional ? ` (${optional} need it)` : ''}: npm install ${name}`,
    };
  }
  const where = relative(projectDir, pkg.dir) || pkg.dir;
  const label = `${name} ${pkg.manifest.version ?? '(no version)'} in ${where}`;
  const reinstall = `reinstall it: rm -rf ${where} && npm install ${name}`;
  let entry: string;
  try {
    entry = projectRequire(projectDir).resolve(name);
  } catch (error) {
    return {
      name: check,
      status: 'error',
      message: `${label} does not load (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): ${reinstall}`,
    };
  }
  const types = declaredTypes(pkg.manifest);
  const undeclared = [...types].filter(([, file]) => file === null).map(([subpath]) => subpath);
  if (undeclared.length > 0)
    return {
      name: check,
      status: 'error',
      message: `${label} declares no types for ${undeclared.join(', ')}: install a release that ships them (npm install ${name}@latest)`,
    };
  const missing = [...types].filter(([, file]) => !existsSync(join(pkg.dir, file!))).map(([subpath, file]) => `${file} (${subpath})`);
  if (missing.length > 0)
    return { name: check, status: 'error', message: `${label} lacks the type declarations ${missing.join(', ')}: ${reinstall}` };
  const count = types.size - 1;
  const others = count > 0 ? ` and those of its ${count} other export${count === 1 ? '' : 's'}` : '';
  return {
    name: check,
    status: 'ok',
    message: `${label}: loads ${relative(realpathSync(pkg.dir), entry)}; types ${types.get('.')}${others} present`,
  };
}
