import { Miniflare } from 'miniflare';
import { afterAll, beforeAll } from 'vitest';
import { prefixedKV } from '../../../src/kv/prefixed';
import { workersKV, type KVNamespaceLike } from '../../../targets/worker';
import { runKVConformance } from '../../kv/conformance';
import { compatibilityDate } from './helpers';

let mf: Miniflare;
let namespace: KVNamespaceLike;
let stores = 0;
const sleep = (seconds: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

beforeAll(async () => {
  mf = new Miniflare({
    cf: false,
    compatibilityDate,
    modules: true,
    script: 'export default { fetch: () => new Response("kv") }',
    kvNamespaces: ['KV'],
  });
  namespace = (await mf.getKVNamespace('KV')) as unknown as KVNamespaceLike;
});
afterAll(() => mf?.dispose());

// The namespace lives in workerd; the store runs here over miniflare's binding proxy. TTLs below KV's 60 s floor
// are exact through the expiry metadata, so the suite checks expiry at 1 s; increments are not atomic on KV.
runKVConformance('workers KV', () => prefixedKV(workersKV(namespace), `c${++stores}:`), {
  minTtl: 1,
  elapse: sleep,
  atomicIncrement: false,
});
