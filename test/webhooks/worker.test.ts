import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleWorker, runWorker } from '../targets/worker/helpers';
import * as sign from './sign';

describe('webhooks in workerd (miniflare): Web Crypto verification and Workers KV replay store', () => {
  let mf: Miniflare;

  beforeAll(async () => {
    mf = await runWorker(await bundleWorker('test/webhooks/fixtures/webhooks-worker.ts'), { kvNamespaces: { SEEN: 'seen' }, cf: false });
  });

  afterAll(async () => {
    await mf?.dispose();
  });

  const post = async (provider: string, body: string, headers: Record<string, string>) =>
    (await mf.dispatchFetch(`http://hooks.test/webhook/${provider}`, { method: 'POST', body, headers })) as unknown as Response;

  it('accepts a GitHub delivery once, refuses its replay (also under a new delivery id) and a forged one', async () => {
    const body = JSON.stringify({ zen: 'Keep it logically awesome.' });
    const headers = sign.github('gh-worker-secret', body, 'ping', 'worker-delivery-1');
    const ok = await post('github', body, headers);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ event: 'ping', payload: { zen: 'Keep it logically awesome.' } });
    const replay = await post('github', body, headers);
    expect(replay.status).toBe(409);
    await replay.text();
    const newId = await post('github', body, { ...headers, 'x-github-delivery': 'worker-delivery-2' });
    expect(newId.status).toBe(409);
    expect(await newId.json()).toMatchObject({ code: 'WEBHOOK_REPLAYED' });
    const forged = await post('github', body, sign.github('guess', body));
    expect(forged.status).toBe(401);
    await forged.text();
  });

  it('checks the Stripe timestamp against the real clock', async () => {
    const body = JSON.stringify({ id: 'evt_worker', type: 'charge.succeeded' });
    const fresh = await post('stripe', body, sign.stripe('whsec_worker', body, Math.floor(Date.now() / 1000)));
    expect(fresh.status).toBe(200);
    await fresh.text();
    const stale = await post('stripe', body, sign.stripe('whsec_worker', body, Math.floor(Date.now() / 1000) - 3600));
    expect(stale.status).toBe(401);
    await stale.text();
  });
});
