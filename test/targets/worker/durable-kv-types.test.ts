import { describe, expect, it } from 'vitest';
import { workersTypesErrors } from './workers-types-check';

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
    expect(workersTypesErrors(source, /check\.ts|targets\/worker\/(durable\/|index)/)).toEqual([]);
  }, 180_000);
});
