/**
 * fw as users run it: from its built package (`dist/`, what `npm run build` makes and `npm install fw` ships),
 * not from its TypeScript sources. Under tsx the sources pay for tsx's dev transforms (keepNames wrappers on
 * every closure made per request, source maps), which the peers, loaded from their published JavaScript, do not.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

/** A tsconfig whose `paths` point `fw`, `fw/*` and `fw-mcp` at the built files Node resolves (`fw` under the `node` condition: targets/node/fw.js), not the sources (fw-mcp's build imports `fw` too). */
export const builtFwTsconfig = join(root, 'bench', 'tsconfig.dist.json');

/** The environment that makes tsx resolve `fw` and `fw-mcp` to their built packages. */
export const builtFwEnv: Record<string, string> = { TSX_TSCONFIG_PATH: builtFwTsconfig };

/** Set by bench/run.ts once it has built fw for the whole run, so each bench skips its own build. */
export const builtForRun = 'FW_BENCH_BUILT';

/** Builds fw and fw-mcp (and fw-cli) into their dist/ (about 20 s), so a bench measures the current sources' build; skipped when bench/run.ts already built them. */
export function buildFw(): void {
  if (process.env[builtForRun] === '1') return;
  execFileSync(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'build-package.ts')], { cwd: root, stdio: 'inherit' });
}

/** A command line run with `builtFwEnv` (through env(1), so the process keeps its pid for CPU accounting). */
export function withBuiltFw(command: string[]): string[] {
  return ['env', ...Object.entries(builtFwEnv).map(([k, v]) => `${k}=${v}`), ...command];
}
