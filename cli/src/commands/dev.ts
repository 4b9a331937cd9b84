/** `fw dev`: runs the project app on Node in a child process and restarts it whenever a source file changes. */
import { spawn, type ChildProcess } from 'node:child_process';
import { watch } from 'node:fs';
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CliUsageError, type CliIO } from '../io';
import type { Command } from '../command';
import { HotReloader } from '../../tooling/hot-reloader';

/** The child's script, next to this module: `.ts` from the sources, `.js` once built. */
const serverScript = fileURLToPath(new URL(`../dev-server${import.meta.url.slice(import.meta.url.lastIndexOf('.'))}`, import.meta.url));
/** fw's own tsx loader, so the project needs no tsx of its own. */
const tsxLoader = import.meta.resolve('tsx');

function startServer(io: CliIO, args: string[], onReady: () => void): ChildProcess {
  const child = spawn(process.execPath, ['--import', tsxLoader, serverScript, ...args], {
    cwd: io.cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...io.env },
  });
  const forward = (write: (line: string) => void) => (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line !== '') write(line);
  };
  child.stdout!.on(
    'data',
    forward((line) => {
      io.out(line);
      if (line.startsWith('[fw dev] ready on ')) onReady();
    }),
  );
  child.stderr!.on('data', forward(io.err));
  return child;
}

function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}

/** Serves `--app` with reload on changes under `--watch`; resolves when the process gets SIGINT or SIGTERM. */
export const devCommand: Command = {
  name: 'dev',
  summary: 'run the project app on Node and restart it when a source file changes',
  usage: `Usage: fw dev [options]
  --app <file>        app module (default src/app.ts)
  --port <n>          port (default 3000; 0 picks a free one)
  --host <name>       hostname (default 127.0.0.1)
  --routes <folder>   file routes registered when the folder exists (default src/routes)
  --watch <folder>    folder watched for changes (default src)
  --hmr <port>        live reload: browsers that called connectHMR(port) reload after each restart`,
  flags: {
    app: { type: 'string' },
    port: { type: 'string' },
    host: { type: 'string' },
    routes: { type: 'string' },
    watch: { type: 'string' },
    hmr: { type: 'string' },
  },
  async run({ flags }, io) {
    const port = Number(flags.port ?? 3000);
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      throw new CliUsageError(`fw dev: --port must be a port number (0-65535), got ${String(flags.port)}`);
    const args = [String(flags.app ?? 'src/app.ts'), String(port), String(flags.host ?? '127.0.0.1'), String(flags.routes ?? 'src/routes')];
    const watched = resolve(io.cwd, String(flags.watch ?? 'src'));
    if (!(await stat(watched).catch(() => null))?.isDirectory())
      throw new CliUsageError(`fw dev: no folder to watch at ${watched} (pass --watch <folder>)`);
    const hmrPort = flags.hmr === undefined ? null : Number(flags.hmr);
    if (hmrPort !== null && (!Number.isInteger(hmrPort) || hmrPort <= 0 || hmrPort > 65535))
      throw new CliUsageError(`fw dev: --hmr must be a port number (1-65535), got ${String(flags.hmr)}`);
    const reloader = hmrPort === null ? null : new HotReloader({ port: hmrPort });
    if (reloader) io.out(`[fw dev] live reload on http://127.0.0.1:${await reloader.start()}/__fw/hmr`);
    let changed: string | undefined;
    const onReady = () => {
      if (changed !== undefined) reloader?.trigger(changed);
    };
    let child = startServer(io, args, onReady);
    let timer: ReturnType<typeof setTimeout> | null = null;
    let restarting: Promise<void> = Promise.resolve();
    const watcher = watch(watched, { recursive: true }, (_event, file) => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        restarting = restarting.then(async () => {
          changed = file ?? 'a file';
          io.out(`[fw dev] ${changed} changed, reloading`);
          await stopServer(child);
          child = startServer(io, args, onReady);
        });
      }, 100);
    });
    watcher.on('error', (error) => io.err(`[fw dev] cannot watch ${watched}: ${error.message}`));
    await new Promise<void>((done) => {
      process.once('SIGINT', done);
      process.once('SIGTERM', done);
    });
    watcher.close();
    if (timer) clearTimeout(timer);
    await restarting;
    await stopServer(child);
    await reloader?.stop();
    return 0;
  },
};
