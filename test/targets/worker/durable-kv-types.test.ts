import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './helpers';

// Compiled with @cloudflare/workers-types as the only ambient types, as a worker project is; the @ts-expect-error
// lines prove the check really type-checks.
const source = `
import { env } from 'cloudflare:workers';
import { type Context, Fw, KVSessionStore, rateLimit, session } from 'fw';
import { durableObjectKV, durableRateLimitStore, FwKVObject, FwRateLimitObject } from 'fw/worker';

interface Env { FW_KV: DurableObjectNamespace; LIMITS: DurableObjectNamespace; NAME: string }
declare global {
  namespace Cloudflare {
    interface Env { FW_KV: DurableObjectNamespace } // what \`wrangler types\` writes
  }
}
declare const bindings: Env;
declare const state: DurableObjectState;

export const kv = durableObjectKV(bindings.FW_KV, { name: 'sessions', shard: 'prefix', separator: '/' });
export const lazy = durableObjectKV(() => env.FW_KV);
export const limits = durableRateLimitStore((ctx: Context) => (ctx.env as Env).LIMITS, { max: 10, windowMs: 1000, shards: 4 });
export const objects = [new FwKVObject(state, bindings), new FwRateLimitObject(state, bindings)];
new Fw().use(rateLimit({ store: limits })).use(session({ secret: 's'.repeat(32), store: () => new KVSessionStore(kv) }));
// @ts-expect-error a string is not a Durable Object namespace
durableObjectKV(bindings.NAME);
// @ts-expect-error shard is 'store' or 'prefix'
durableObjectKV(bindings.FW_KV, { shard: 'key' });
// @ts-expect-error the limit needs windowMs
durableRateLimitStore(bindings.LIMITS, { max: 1 });
`;

describe('fw/worker Durable Object stores against @cloudflare/workers-types', () => {
  it('take real DurableObjectNamespace bindings, and the classes take a real DurableObjectState', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fw-durable-kv-types-'));
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
      // Only the check and fw/worker's Durable Object files are judged: other modules are compiled too (through paths).
      const ours = (run.stdout + run.stderr).split('\n').filter((line) => /check\.ts|targets\/worker\/(durable\/|index)/.test(line));
      expect(ours).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
