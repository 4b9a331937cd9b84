/**
 * A static-file server for the HTTP part of the bench, in its own process: `tsx bench/static-files/server.ts <fw|hono>`.
 * Writes the bench files (the same as contestant.ts) to a fresh folder, serves it on 127.0.0.1 port 0 (fw/node
 * `serve` or @hono/node-server `serve`) and prints {"port"} once listening.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeBenchFiles } from './files';

const framework = process.argv[2];
const dir = join(import.meta.dirname, `../.out/static-files-site-${process.pid}`);
mkdirSync(dir, { recursive: true });
writeBenchFiles(dir);
process.once('SIGTERM', () => {
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
});

if (framework === 'fw') {
  const { Fw, staticFiles } = await import('../../targets/node/fw');
  const { serve } = await import('../../targets/node/index');
  const app = new Fw();
  app.use(staticFiles(dir));
  const server = await serve(app, { port: 0, hostname: '127.0.0.1' });
  console.log(JSON.stringify({ port: server.port }));
} else {
  const { Hono } = await import('hono');
  const { serve } = await import('@hono/node-server');
  const { serveStatic } = await import('@hono/node-server/serve-static');
  const app = new Hono();
  app.use('*', serveStatic({ root: dir }));
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => console.log(JSON.stringify({ port: info.port })));
  process.once('exit', () => server.close());
}
