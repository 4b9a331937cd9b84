/**
 * Workerd CPU to start a bundle and answer its first request: a fresh Miniflare (cf: false) runs `copies` workers,
 * each loaded from the same bundle file, and each answers one GET /; the sample is the workerd process's CPU time from
 * its start to the last first answer. Copies multiply the bundle's own cost against workerd's fixed start-up.
 */
import { dirname } from 'node:path';
import { Miniflare } from 'miniflare';
import { cpuNs, newWorkerd, workerdPids } from './workerd-cpu';

/** Workerd CPU nanoseconds for `copies` fresh workers of `file` to load and answer GET / (checked against `expect`). */
export async function startupCpu(file: string, copies: number, expect: string): Promise<number> {
  const before = workerdPids();
  const workers = Array.from({ length: copies }, (_, i) => ({
    name: `w${i}`,
    modules: true,
    scriptPath: file,
    modulesRoot: dirname(file),
    compatibilityDate: '2026-04-01',
    routes: [`w${i}.bench/*`],
  }));
  const mf = new Miniflare({ cf: false, workers });
  try {
    await mf.ready;
    for (let i = 0; i < copies; i++) {
      const response = await mf.dispatchFetch(`http://w${i}.bench/`);
      const text = await response.text();
      if (response.status !== 200 || text !== expect) throw new Error(`${file} answered ${response.status} ${text.slice(0, 200)}`);
    }
    return cpuNs(newWorkerd(before));
  } finally {
    await mf.dispose();
  }
}
