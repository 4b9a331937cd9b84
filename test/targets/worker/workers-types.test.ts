import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './helpers';

// Compiled with @cloudflare/workers-types as the only ambient types (no DOM), the way a worker project is set up;
// the @ts-expect-error lines prove the check really type-checks.
const source = `
import { Fw } from 'fw';
import { worker, workersKV } from 'fw/worker';

interface Env { KV: KVNamespace; NAME: string }
declare const env: Env;

export const handlers = worker<Env>(new Fw(), { scheduled: (controller, e) => void [controller.cron, e.NAME] }) satisfies ExportedHandler<Env>;
export const store = workersKV(env.KV);
// @ts-expect-error a string is not a KV namespace
workersKV(env.NAME);
// @ts-expect-error warmUp takes 'background', 'first-request' or false
worker(new Fw(), { warmUp: 'sometimes' });
`;

describe('fw/worker types against @cloudflare/workers-types', () => {
  it('worker(app) satisfies ExportedHandler<Env> and workersKV takes a real KVNamespace', () => {
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
      // Only fw/worker and the check are judged here: other modules' sources are compiled too (through paths).
      const ours = (run.stdout + run.stderr).split('\n').filter((line) => /check\.ts|targets\/worker\//.test(line));
      expect(ours).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
