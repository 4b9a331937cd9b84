/**
 * In-isolate request CPU: a Miniflare (cf: false) runs harness.js around a contestant's bundle, and a sample is the
 * workerd process's CPU time while the harness answers `n` requests of one case inside the isolate, per request.
 * The loops of all contestants stay open together so the runner can interleave their samples.
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

/** An open harness: `sample(n)` answers n requests of its case and returns workerd CPU nanoseconds per request. */
export interface Loop {
  sample(n: number): Promise<number>;
  close(): Promise<void>;
}

/** Puts harness.js next to a copy of `bundle` (as app.mjs) in `dir`, and returns the harness's path. */
export function harnessFor(bundle: string, dir: string): string {
  mkdirSync(dir, { recursive: true });
  copyFileSync(bundle, join(dir, 'app.mjs'));
  copyFileSync(join(import.meta.dirname, 'harness.js'), join(dir, 'harness.mjs'));
  return join(dir, 'harness.mjs');
}

/** Starts a Miniflare running `harness` for `loop`, checks its answer once (warming it up with `warmup` requests). */
export async function openLoop(harness: string, loop: LoopCase, warmup: number): Promise<Loop> {
  const before = workerdPids();
  const mf = new Miniflare({
    cf: false,
    modules: true,
    scriptPath: harness,
    modulesRoot: dirname(harness),
    compatibilityDate: '2026-04-01',
  });
  await mf.ready;
  const pid = newWorkerd(before);
  const run = async (n: number): Promise<number> => {
    const start = cpuNs(pid);
    const response = await mf.dispatchFetch(`http://localhost/__loop?case=${loop.name}&n=${n}`);
    const answer = (await response.json()) as { status: number; origin: string | null; body: string };
    const used = cpuNs(pid) - start;
    if (!loop.check(answer)) throw new Error(`${harness} answered ${loop.name} with ${JSON.stringify(answer)}`);
    return used / n;
  };
  await run(warmup);
  return { sample: run, close: () => mf.dispose() };
}
