import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleWorker, compatibilityDate } from '../targets/worker/helpers';
import { cookieHeader } from './helpers';

describe('sessions over Workers KV in workerd (miniflare): two workers sharing one namespace', () => {
  let mf: Miniflare;

  beforeAll(async () => {
    const script = await bundleWorker('test/session/fixtures/session-worker.ts');
    const options = (name: string) => ({
      name,
      compatibilityDate,
      modules: [{ type: 'ESModule' as const, path: 'worker.mjs', contents: script }],
      kvNamespaces: { SESSIONS: 'shared-sessions' },
    });
    mf = new Miniflare({ cf: false, workers: [options('alpha'), options('beta')] });
    await mf.ready;
  });

  afterAll(async () => {
    await mf?.dispose();
  });

  async function call(name: string, cookie?: string): Promise<Response> {
    const w = await mf.getWorker(name);
    return (await w.fetch('https://sessions.test/count', cookie ? { headers: { cookie } } : {})) as unknown as Response;
  }

  it('signs with Web Crypto in workerd and reads the session from either worker', async () => {
    const first = await call('alpha');
    expect(await first.json()).toEqual({ count: 1 });
    expect(first.headers.get('set-cookie')).toMatch(/Secure/);
    const cookie = cookieHeader(first);
    expect(await (await call('beta', cookie)).json()).toEqual({ count: 2 });
    expect(await (await call('alpha', cookie)).json()).toEqual({ count: 3 });
  });

  it('starts a fresh session for a forged cookie', async () => {
    const res = await call('beta', 'session=forged-id.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ count: 1 });
  });
});
