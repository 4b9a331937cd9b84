import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleWorker, compatibilityDate } from '../targets/worker/helpers';

describe('KVTraceBridge over Workers KV in miniflare: a trace across two workers', () => {
  let mf: Miniflare;

  beforeAll(async () => {
    const script = await bundleWorker('test/trace/fixtures/trace-worker.ts');
    const modules = [{ type: 'ESModule' as const, path: 'worker.mjs', contents: script }];
    mf = new Miniflare({
      cf: false,
      workers: [
        {
          name: 'alpha',
          compatibilityDate,
          modules,
          kvNamespaces: { TRACES: 'shared-traces' },
          bindings: { NAME: 'alpha' },
          serviceBindings: { NEXT: 'beta' },
        },
        { name: 'beta', compatibilityDate, modules, kvNamespaces: { TRACES: 'shared-traces' }, bindings: { NAME: 'beta' } },
      ],
    });
    await mf.ready;
  });
  afterAll(async () => {
    await mf?.dispose();
  });

  it('joins the spans both workers stored into one trace', async () => {
    const alpha = await mf.getWorker('alpha');
    const res = await alpha.fetch('http://alpha/product/A1');
    expect(res.status).toBe(200);
    const { traceId, stock } = (await res.json()) as { traceId: string; stock: unknown };
    expect(stock).toEqual({ left: 3 });
    let joined: any = { spans: [] };
    for (let i = 0; i < 50 && joined.spans.length < 2; i++) {
      joined = await (await alpha.fetch(`http://alpha/trace/${traceId}`)).json();
      if (joined.spans.length < 2) await new Promise((r) => setTimeout(r, 20));
    }
    expect(joined.services.sort()).toEqual(['edge-alpha', 'edge-beta']);
    expect(joined.roots).toHaveLength(1);
    expect(joined.roots[0].span.name).toBe('GET /product/:sku');
    expect(joined.roots[0].children.map((c: any) => c.span.name)).toEqual(['GET /stock/:sku']);
  });
});
