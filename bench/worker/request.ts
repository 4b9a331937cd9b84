/**
 * In-isolate request CPU: a Miniflare (cf: false) runs harness.js around a contestant's bundle, and each sample is
 * the workerd process's CPU time while the harness answers `n` requests of one case inside the isolate, per request.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Miniflare } from 'miniflare';
import { cpuNs, newWorkerd, workerdPids } from './workerd-cpu';

/** One in-isolate case: its name in harness.js and the check of the last answer. */
export interface LoopCase {
  name: 'hello' | 'api';
  check(answer: { status: number; origin: string | null; body: string }): boolean;
}

/** Puts harness.js next to a copy of `bundle` (as app.mjs) in `dir`, and returns the harness's path. */
export function harnessFor(bundle: string, dir: string): string {
  mkdirSync(dir, { recursive: true });
  copyFileSync(bundle, join(dir, 'app.mjs'));
  copyFileSync(join(import.meta.dirname, 'harness.js'), join(dir, 'harness.mjs'));
  return join(dir, 'harness.mjs');
}

/** Workerd CPU nanoseconds per request of `loop` in a fresh Miniflare running `harness`: one per sample, after a warm-up. */
export async function requestCpu(harness: string, loop: LoopCase, n: number, samples: number): Promise<number[]> {
  const before = workerdPids();
  const mf = new Miniflare({
    cf: false,
    modules: true,
    scriptPath: harness,
    modulesRoot: dirname(harness),
    compatibilityDate: '2026-04-01',
  });
  try {
    await mf.ready;
    const pid = newWorkerd(before);
    const run = async (count: number): Promise<void> => {
      const response = await mf.dispatchFetch(`http://localhost/__loop?case=${loop.name}&n=${count}`);
      const answer = (await response.json()) as { status: number; origin: string | null; body: string };
      if (!loop.check(answer)) throw new Error(`${harness} answered ${loop.name} with ${JSON.stringify(answer)}`);
    };
    await run(Math.ceil(n / 2));
    const perRequest: number[] = [];
    for (let s = 0; s < samples; s++) {
      const start = cpuNs(pid);
      await run(n);
      perRequest.push((cpuNs(pid) - start) / n);
    }
    return perRequest;
  } finally {
    await mf.dispose();
  }
}
