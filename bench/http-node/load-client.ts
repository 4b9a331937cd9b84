/**
 * The HTTP benches' side of the load generator (bench/http-node/load.ts): one long-lived autocannon process pinned
 * to core 1 for a whole bench, while the servers run pinned to core 0.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { LoadJob, LoadResult } from './load';

/** Whether servers and load can be pinned to a core each (taskset, Linux). */
export const hasTaskset = existsSync('/usr/bin/taskset');

/** A command line run on one core when taskset exists. */
export function pinned(core: number, command: string[]): string[] {
  return hasTaskset ? ['taskset', '-c', String(core), ...command] : command;
}

/** A running load generator: `run` sends it one job and resolves with what it measured. */
export interface LoadGenerator {
  run(job: LoadJob): Promise<LoadResult>;
  close(): void;
}

/** Starts the load generator on core 1. */
export function startLoad(): LoadGenerator {
  const [bin, ...args] = pinned(1, [process.execPath, '--import', 'tsx', join(import.meta.dirname, 'load.ts')]);
  const child = spawn(bin, args, { cwd: join(import.meta.dirname, '..', '..'), stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  return {
    async run(job) {
      child.stdin!.write(`${JSON.stringify(job)}\n`);
      const next = await lines.next();
      if (next.done) throw new Error('the load generator exited');
      return JSON.parse(next.value as string) as LoadResult;
    },
    close: () => child.stdin!.end(),
  };
}
