/** Type-checks a worker source against @cloudflare/workers-types, as a worker project is set up. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './helpers';

/**
 * Compiles `source` (fw resolved through the repo's paths) with @cloudflare/workers-types as the only ambient types
 * (no DOM) and returns the errors whose line matches `judged`: other modules are compiled too and are judged elsewhere.
 * An error's indented elaboration lines are joined to it.
 */
export function workersTypesErrors(source: string, judged: RegExp): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'fw-workers-types-'));
  try {
    writeFileSync(join(dir, 'check.ts'), source);
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        extends: join(root, 'tsconfig.json'),
        compilerOptions: {
          types: ['@cloudflare/workers-types'],
          lib: ['ES2023'],
          typeRoots: [join(root, 'node_modules/@types'), join(root, 'node_modules')],
        },
        include: [join(dir, 'check.ts')],
      }),
    );
    const run = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', dir, '--noEmit'], {
      cwd: root,
      encoding: 'utf8',
    });
    return (run.stdout + run.stderr)
      .replace(/\n +/g, ' ')
      .split('\n')
      .filter((line) => judged.test(line));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
