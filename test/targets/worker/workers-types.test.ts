import { describe, expect, it } from 'vitest';
import { workersTypesErrors } from './workers-types-check';

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
    expect(workersTypesErrors(source, /check\.ts|targets\/worker\//)).toEqual([]);
  }, 120_000);
});
