/**
 * CPU time of the workerd process a Miniflare started, read from outside: Linux's per-thread
 * /proc/<pid>/task/<tid>/schedstat (nanoseconds on the CPU), summed over the process's threads. Inside a worker the
 * clocks stand still while code runs, so a worker cannot time itself.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** The pids of the workerd processes that are children of this process. */
export function workerdPids(): Set<number> {
  const pids = new Set<number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (comm === 'workerd' && ppid === process.pid) pids.add(Number(entry));
    } catch {
      // the process ended while /proc was read
    }
  }
  return pids;
}

/** The one workerd child that is not in `before` (the one a Miniflare made since `before` was taken). */
export function newWorkerd(before: Set<number>): number {
  const fresh = [...workerdPids()].filter((pid) => !before.has(pid));
  if (fresh.length !== 1) throw new Error(`expected one new workerd process, found ${fresh.length}`);
  return fresh[0];
}

/** Nanoseconds the process has spent on a CPU so far, all its live threads together. */
export function cpuNs(pid: number): number {
  let total = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`))
    total += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
  return total;
}
