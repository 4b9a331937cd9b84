import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** A server file running under the Bun binary of the `bun` npm package. */
export interface BunProcess {
  port: number;
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts `bun run <file>` from the repo root and resolves with the port the file prints as its first JSON line. */
export function startBun(file: string, args: string[] = []): Promise<BunProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(`${root}node_modules/.bin/bun`, ['run', file, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    child.on('exit', (code) => reject(new Error(`bun exited with ${code}: ${stderr}`)));
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
