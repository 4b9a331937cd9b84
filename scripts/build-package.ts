/**
 * `npm run build`: builds the publishable packages fw, fw-mcp and fw-cli. Each TypeScript module becomes one ESM file and
 * one declaration file under the package's `dist/` (no bundles, no shared chunks: users' bundlers see the module
 * graph and drop what an app does not import), with full relative import paths so Node, TypeScript's NodeNext and
 * Node16 resolution and bundlers all resolve them. Node itself reads fw's entries from one bundle (dist/node, see
 * build-node-bundle.ts): loading ~310 files was most of an unbundled `import('fw')`.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { emitDeclarations } from './build-declarations';
import { checkEntries } from './build-entries';
import { packages, root } from './build-layout';
import { buildNodeBundle } from './build-node-bundle';
import { addExtensions } from './build-specifiers';
import { transpile } from './build-transpile';

const started = performance.now();
for (const pkg of packages) {
  for (const folder of pkg.sources) rmSync(join(pkg.dir, 'dist', folder), { recursive: true, force: true });
  await transpile(pkg, join(root, 'tsconfig.json'));
}
emitDeclarations(packages);
const built: string[] = [];
for (const pkg of packages) {
  await addExtensions(pkg);
  built.push(`${pkg.name} (${checkEntries(pkg)} entries)`);
}
built.push(`fw's Node bundle (${await buildNodeBundle()} entries in dist/node)`);
console.log(`built ${built.join(', ')} into their dist/ in ${((performance.now() - started) / 1000).toFixed(1)} s`);
