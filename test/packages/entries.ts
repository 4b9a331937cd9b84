/**
 * fw's package entries (`fw`, `fw/cors`, `fw/rate-limit`, …) as the packed-install test checks them from the tarball:
 * each imported alone by plain node, each type-checked, and a module entry bundled for a worker.
 */
import { build } from 'esbuild';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { bundleConfig } from 'fw/serverless';

/** Every entry of fw's package.json `exports` as a user imports it (`.` is `fw`), with the dist folder of its JavaScript (`fw/rate-limit` -> `src/ratelimit`). */
export function packageEntries(root: string): Map<string, string> {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, { default?: string }> };
  const entries = new Map<string, string>();
  for (const [key, entry] of Object.entries(manifest.exports)) {
    if (key === './package.json' || entry.default === undefined) continue;
    entries.set(key === '.' ? 'fw' : `fw/${key.slice(2)}`, dirname(entry.default.replace(/^\.\/dist\//, '')));
  }
  return entries;
}

/**
 * A node ESM script that imports one entry before anything else of fw, fails when it exports nothing, then imports
 * `fw` and fails when a name both export is neither the same object nor, in `fw`, a subclass of it (`fw`'s `Fw`
 * extends `fw/core`'s): anything else is a second copy of a module. Prints the count of the entry's exports.
 */
export function importAloneScript(specifier: string): string {
  return [
    `const entry = await import(${JSON.stringify(specifier)});`,
    'const names = Object.keys(entry);',
    `if (names.length === 0) throw new Error(${JSON.stringify(`${specifier} exports nothing`)});`,
    "const fw = await import('fw');",
    'const same = (name) => fw[name] === entry[name] || Object.prototype.isPrototypeOf.call(entry[name], fw[name]);',
    'const copies = names.filter((name) => name in fw && !same(name));',
    `if (copies.length > 0) throw new Error(${JSON.stringify(`${specifier} and fw export different objects named: `)} + copies.join(', '));`,
    'console.log(names.length);',
  ].join('\n');
}

/**
 * Writes `entries/all.ts` (imports every entry; each namespace must have a value export) and `tsconfig.entries.json`
 * (the project's tsconfig.json over that folder) into the project; returns the tsconfig's name for `tsc -p`.
 */
export function writeEntriesTypeCheck(dir: string, specifiers: string[]): string {
  const lines = ['type HasExports<T> = [keyof T] extends [never] ? false : true;', ''];
  specifiers.forEach((specifier, i) => {
    lines.push(`import * as entry${i} from '${specifier}';`);
    lines.push(`export const exports${i}: HasExports<typeof entry${i}> = true; // ${specifier}`);
  });
  mkdirSync(join(dir, 'entries'), { recursive: true });
  writeFileSync(join(dir, 'entries', 'all.ts'), `${lines.join('\n')}\n`);
  const config = { extends: './tsconfig.json', compilerOptions: { rootDir: 'entries', noEmit: true }, include: ['entries'] };
  writeFileSync(join(dir, 'tsconfig.entries.json'), `${JSON.stringify(config, null, 2)}\n`);
  return 'tsconfig.entries.json';
}

/**
 * Bundles `export * from '<specifier>'` for a worker (fw/serverless's worker preset, esbuild) in the project and
 * returns the fw source folders whose code the bundle carries (`src/cors`, `src/core`, `src/index.js`, …; tree-shaken files left out).
 */
export async function workerBundleFolders(dir: string, specifier: string): Promise<string[]> {
  const entry = join('entries', `${specifier.replace(/\W/g, '-')}.js`);
  mkdirSync(join(dir, 'entries'), { recursive: true });
  writeFileSync(join(dir, entry), `export * from '${specifier}';\n`);
  const result = await build({
    ...bundleConfig('worker', entry, { outfile: join('dist', entry), absWorkingDir: dir, metafile: true, logLevel: 'silent' }),
    write: false,
  });
  const folders = new Set<string>();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const [path, input] of Object.entries(output.inputs)) {
      const inFw = /^node_modules\/fw\/dist\/((?:src|targets)\/[^/]+)/.exec(path);
      if (inFw && input.bytesInOutput > 0) folders.add(inFw[1]);
    }
  }
  return [...folders].sort();
}
