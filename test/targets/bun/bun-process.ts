import { repoRoot, type ServerProcess, startServerProcess } from '../server-process';

/** A server file running under the Bun binary of the `bun` npm package. */
export type BunProcess = ServerProcess;

/** Starts `bun run <file>` from the repo root and resolves with the port the file prints as its first JSON line. */
export function startBun(file: string, args: string[] = []): Promise<BunProcess> {
  return startServerProcess(`${repoRoot}node_modules/.bin/bun`, ['run', file, ...args]);
}
