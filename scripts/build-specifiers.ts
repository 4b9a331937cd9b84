/** Gives every relative import of the built files its full path (`./core/fw` -> `./core/fw.js`, `./db` -> `./db/index.js`). */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { replaceTscAliasPaths } from 'tsc-alias';
import { scratch, type PackageBuild } from './build-layout';

/** Rewrites the import specifiers of the `.js` and `.d.ts` files of a package's `dist/` folders (tsc-alias), as Node and NodeNext need them. */
export async function addExtensions(pkg: PackageBuild): Promise<void> {
  const configFile = join(scratch, 'tsconfig.specifiers.json');
  writeFileSync(configFile, JSON.stringify({ compilerOptions: {} }));
  for (const folder of pkg.sources) {
    await replaceTscAliasPaths({ configFile, outDir: join(pkg.dir, 'dist', folder), resolveFullPaths: true });
  }
}
