/** Emits the type declarations of every package with one `tsc` run, then copies each package's share into its `dist/`. */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { root, scratch, type PackageBuild } from './build-layout';

/** Writes `dist/<folder>/…/<module>.d.ts` next to each transpiled module of every package. */
export function emitDeclarations(pkgs: PackageBuild[]): void {
  const outDir = join(scratch, 'types');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  const folders = pkgs.flatMap((pkg) => pkg.sources.map((folder) => join(pkg.dir, folder)));
  const config = join(scratch, 'tsconfig.declarations.json');
  writeFileSync(
    config,
    JSON.stringify({
      extends: join(root, 'tsconfig.json'),
      compilerOptions: { noEmit: false, declaration: true, emitDeclarationOnly: true, outDir, rootDir: root },
      include: folders,
      exclude: [join(root, 'node_modules'), join(root, '**', 'dist')],
    }),
  );
  try {
    execFileSync(join(root, 'node_modules', '.bin', 'tsc'), ['-p', config], { stdio: 'inherit', cwd: root });
  } catch {
    throw new Error('tsc could not emit the declarations (errors above): fix them, then run npm run build again');
  }
  for (const pkg of pkgs) {
    for (const folder of pkg.sources) {
      const emitted = join(outDir, relative(root, join(pkg.dir, folder)));
      if (!existsSync(emitted)) throw new Error(`tsc emitted no declarations for ${pkg.name}'s ${folder}/`);
      cpSync(emitted, join(pkg.dir, 'dist', folder), { recursive: true });
    }
  }
}
