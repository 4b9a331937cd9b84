/** Doctor check that the project's TypeScript resolves package exports maps, which fw's subpaths (fw/node, fw/worker, …) need. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { DoctorCheck } from '../../tooling/doctor';
import { findInstalled } from '../installed-package';
import { readCompilerOptions } from '../tsconfig';

const readsExports = new Set(['nodenext', 'node16', 'bundler']);
const fix =
  'set "moduleResolution": "Bundler" in tsconfig.json (code bundled by fw build, esbuild or a framework), or "module": "NodeNext" with "moduleResolution": "NodeNext" (code run by node as compiled)';

function lower(value: unknown): string | undefined {
  return typeof value === 'string' ? value.toLowerCase() : undefined;
}

/** The resolution TypeScript `major` picks when tsconfig sets none (its documented defaults for 5.x and for 6 and later). */
function defaultResolution(module: string | undefined, target: string | undefined, major: number): string {
  if (module === 'nodenext') return 'nodenext';
  if (module === 'node16' || module === 'node18' || module === 'node20') return 'node16';
  if (major >= 6 || module === 'preserve') return 'bundler';
  const oldTarget = target === undefined || target === 'es3' || target === 'es5';
  return (module ?? (oldTarget ? 'commonjs' : 'es2015')) === 'commonjs' ? 'node10' : 'classic';
}

/** Checks `<projectDir>/tsconfig.json` (with what it extends); null when the project has no tsconfig.json. */
export function checkModuleResolution(projectDir: string): DoctorCheck | null {
  const name = 'module resolution';
  const file = join(projectDir, 'tsconfig.json');
  if (!existsSync(file)) return null;
  let options: Record<string, unknown>;
  try {
    options = readCompilerOptions(file);
  } catch (error) {
    return { name, status: 'error', message: `${(error as Error).message}` };
  }
  const set = lower(options.moduleResolution);
  if (set !== undefined) {
    return readsExports.has(set)
      ? {
          name,
          status: 'ok',
          message: `"moduleResolution": "${options.moduleResolution}" reads package exports maps (fw/node, fw/worker, fw-mcp)`,
        }
      : {
          name,
          status: 'error',
          message: `"moduleResolution": "${options.moduleResolution}" ignores package exports maps, so fw's subpaths and fw-mcp's types do not resolve: ${fix}`,
        };
  }
  const version = findInstalled(projectDir, 'typescript')?.manifest.version as string | undefined;
  if (version === undefined) {
    return {
      name,
      status: 'warn',
      message: `"moduleResolution" is not set and typescript is not installed here, so the resolution depends on the TypeScript that runs (5.x picks Classic or Node10, which ignore exports maps): ${fix}`,
    };
  }
  const picked = defaultResolution(lower(options.module), lower(options.target), Number.parseInt(version, 10));
  return readsExports.has(picked)
    ? {
        name,
        status: 'ok',
        message: `"moduleResolution" is not set: TypeScript ${version} picks ${picked} here, which reads package exports maps`,
      }
    : {
        name,
        status: 'error',
        message: `"moduleResolution" is not set: TypeScript ${version} picks ${picked} here, which ignores package exports maps: ${fix}`,
      };
}
