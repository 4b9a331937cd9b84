/** The child process of `fw dev`: loads the app (and its file routes), serves it with fw/node, prints one ready line. */
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { serve } from 'fw/node';
import { loadApp } from './load-app';

const [entry, port, hostname, routes] = process.argv.slice(2);
const cwd = process.cwd();

try {
  const app = await loadApp(entry, cwd);
  if ((await stat(resolve(cwd, routes)).catch(() => null))?.isDirectory()) await app.fromFileRoutes({ dir: resolve(cwd, routes) });
  const server = await serve(app, { port: Number(port), hostname });
  process.stdout.write(`[fw dev] ready on ${server.url} (${app.getRoutes().length} routes)\n`);
  process.on('SIGTERM', () => {
    server.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
} catch (error) {
  process.stderr.write(`[fw dev] the app failed to start: ${(error as Error).stack ?? String(error)}\n`);
  process.exitCode = 1;
}
