/**
 * A server in a process of its own: started from the repo root, it prints {"port","url"} as its first stdout line
 * once listening, and `stop()` ends it with SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** The repository's root, where server processes start. */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** A running server process. */
export interface ServerProcess {
  port: number;
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Runs `bin args` from the repo root and resolves with the port it prints; rejects with its stderr if it exits first. */
export function startServerProcess(bin: string, args: string[]): Promise<ServerProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    child.on('exit', (code) => reject(new Error(`${bin} exited with ${code}: ${stderr}`)));
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      const { port, url } = JSON.parse(line) as { port: number; url: string };
      resolve({
        port,
        url,
        child,
        stop: () =>
          new Promise((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}
