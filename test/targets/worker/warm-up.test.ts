import { Fw } from 'fw';
import { worker } from 'fw/worker';
import { describe, expect, it } from 'vitest';
import { bundleWorker, runWorker } from './helpers';

interface Answer {
  preloaded: boolean;
  stats: { coldStart: boolean; warmUpMs: number | null; initDurationMs: number; invocations: number };
}

async function firstTwo(mode: string): Promise<[Answer, Answer]> {
  const mf = await runWorker(await bundleWorker('test/targets/worker/fixtures/warm-up-worker.ts', { WARM_UP_MODE: mode }));
  try {
    const first = (await (await mf.dispatchFetch('http://localhost/')).json()) as Answer;
    const second = (await (await mf.dispatchFetch('http://localhost/')).json()) as Answer;
    return [first, second];
  } finally {
    await mf.dispose();
  }
}

describe('worker(app, { warmUp, preload })', () => {
  it("'first-request' finishes warm-up and preloads before the first response", async () => {
    const [first, second] = await firstTwo('"first-request"');
    expect(first.preloaded).toBe(true);
    expect(first.stats.coldStart).toBe(true);
    expect(first.stats.warmUpMs).toEqual(expect.any(Number));
    expect(second.stats).toMatchObject({ coldStart: false, invocations: 2 });
  });

  it("'background' (the default) runs warm-up through waitUntil, done by a later request", async () => {
    const [first, second] = await firstTwo('"background"');
    expect(first.stats.coldStart).toBe(true);
    expect(second.preloaded).toBe(true);
    expect(second.stats.warmUpMs).toEqual(expect.any(Number));
  });

  it('false skips warm-up and preloads; the app still compiles itself', async () => {
    const [first, second] = await firstTwo('false');
    expect(first.preloaded).toBe(false);
    expect(second.preloaded).toBe(false);
    expect(second.stats.warmUpMs).toBeNull();
    expect(second.stats.initDurationMs).toEqual(expect.any(Number));
  });
});

describe('worker(app, options) argument checks', () => {
  it('refuses an unknown warmUp mode, naming the choices', () => {
    expect(() => worker(new Fw(), { warmUp: 'sometimes' as never })).toThrow(
      /takes 'background', 'first-request' or false, got "sometimes"/,
    );
  });
});

describe('worker(app) when the app cannot start', () => {
  for (const mode of ['"first-request"', '"background"', 'false']) {
    it(`answers a JSON 500 without internals (warmUp ${mode})`, async () => {
      const mf = await runWorker(await bundleWorker('test/targets/worker/fixtures/failing-setup-worker.ts', { WARM_UP_MODE: mode }));
      try {
        for (let i = 0; i < 2; i++) {
          const response = await mf.dispatchFetch('http://localhost/');
          expect(response.status).toBe(500);
          expect(response.headers.get('content-type')).toContain('application/json');
          const body = await response.text();
          expect(JSON.parse(body)).toMatchObject({ code: 'INTERNAL_ERROR' });
          expect(body).not.toContain('hunter2');
        }
      } finally {
        await mf.dispose();
      }
    });
  }
});
