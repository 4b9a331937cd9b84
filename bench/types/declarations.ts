/**
 * fw's declarations as users' projects read them: `tsc --declaration --emitDeclarationOnly` over what `fw` and
 * `fw/client` reach in the sources, written into the bench's temp folder (never into dist/), with `paths` that send
 * `fw` and `fw/*` to the emitted `.d.ts` files the way the repo's tsconfig sends them to the sources.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { repoRoot } from '../lib/user-project';

const repoPaths = (): Record<string, string[]> =>
  (JSON.parse(readFileSync(join(repoRoot, 'tsconfig.json'), 'utf8')) as { compilerOptions: { paths: Record<string, string[]> } })
    .compilerOptions.paths;

/** The repo's `paths` (fw, fw/*, fw-mcp -> sources) made absolute, so they hold from any folder. */
export function fwSourcePaths(): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(repoPaths()).map(([name, targets]) => [name, targets.map((t) => (isAbsolute(t) ? t : join(repoRoot, t)))]),
  );
}

/** Emits the declarations into `<root>/fw-types` and returns `paths` pointing at them, and how many errors tsc printed. */
export function emitFwDeclarations(root: string): { paths: Record<string, string[]>; errors: number } {
  const outDir = join(root, 'fw-types');
  const config = join(root, 'tsconfig.declarations.json');
  writeFileSync(
    config,
    JSON.stringify({
      extends: join(repoRoot, 'tsconfig.json'),
      compilerOptions: {
        noEmit: false,
        declaration: true,
        emitDeclarationOnly: true,
        outDir,
        rootDir: repoRoot,
        typeRoots: [join(repoRoot, 'node_modules', '@types')],
      },
      include: [],
      files: [join(repoRoot, 'src', 'index.ts'), join(repoRoot, 'src', 'client', 'index.ts')],
    }),
  );
  const run = spawnSync(join(repoRoot, 'node_modules', '.bin', 'tsc'), ['-p', config, '--checkers', '1'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const errors = `${run.stdout}${run.stderr}`.split('\n').filter((line) => / error TS\d+:/.test(line)).length;
  const paths = Object.fromEntries(
    Object.entries(repoPaths()).map(([name, targets]) => [name, targets.map((t) => join(outDir, t.replace(/\.tsx?$/, '.d.ts')))]),
  );
  if (!existsSync(paths.fw[0])) throw new Error(`tsc emitted no ${paths.fw[0]}:\n${run.stdout}${run.stderr}`);
  return { paths, errors };
}
