/**
 * A bench contestant kept running between measurements: a child process started from the repo root that prints one
 * JSON line when ready and answers each command line written to its stdin with one JSON line.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const root = join(import.meta.dirname, '..', '..');

/** A running contestant: its first line, `ask` for one command's answer, and `close`. */
export interface CommandProcess {
  first: Record<string, number | boolean>;
  ask(command: string): Promise<Record<string, number>>;
  close(): void;
}

/** Starts `command` (program and arguments) with `env` added, and resolves once it printed its first line. */
export async function commandProcess(command: string[], env: Record<string, string> = {}): Promise<CommandProcess> {
  const [bin, ...args] = command;
  const child = spawn(bin, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async (): Promise<Record<string, number>> => {
    const line = await lines.next();
    if (line.done) throw new Error(`${args.join(' ')} exited`);
    return JSON.parse(line.value as string);
  };
  const first = await next();
  return {
    first,
    async ask(line) {
      child.stdin!.write(`${line}\n`);
      return next();
    },
    close() {
      child.stdin!.end();
      child.kill('SIGTERM');
    },
  };
}
