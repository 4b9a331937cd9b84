/**
 * fw's package entries and the repository's maps of them agree: every src/ module folder (one with an index.ts) is an
 * entry, and every entry but `fw` has a tsconfig path and a vitest alias to the source its dist file is built from.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceAliases } from '../../aliases';
import { packageEntries } from './entries';

const root = fileURLToPath(new URL('../../', import.meta.url));
const entries = packageEntries(root);
const paths = (JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8')) as { compilerOptions: { paths: Record<string, string[]> } })
  .compilerOptions.paths;
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, { default: string }> };
/** The TypeScript source an entry's dist file is built from (`fw/rate-limit` -> `./src/ratelimit/index.ts`). */
const sourceOf = (specifier: string): string =>
  manifest.exports[`./${specifier.slice('fw/'.length)}`].default.replace(/^\.\/dist\//, './').replace(/\.js$/, '.ts');

describe("fw's package entries", () => {
  it.each(readdirSync(join(root, 'src')).filter((name) => existsSync(join(root, 'src', name, 'index.ts'))))(
    'src/%s, a module folder, is an entry',
    (folder) => {
      expect([...entries.values()]).toContain(`src/${folder}`);
    },
  );

  it.each([...entries.keys()].filter((specifier) => specifier !== 'fw'))(
    '%s has a tsconfig path and a vitest alias to its source',
    (specifier) => {
      const source = sourceOf(specifier);
      expect(existsSync(join(root, source))).toBe(true);
      expect(paths[specifier]).toEqual([source]);
      expect(sourceAliases[specifier]).toBe(join(root, source));
    },
  );
});
