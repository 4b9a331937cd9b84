/** `fw routes`: the route table of the routes folder or of an app module, optionally writing the routes manifest. */
import { resolve } from 'node:path';
import { routesFromManifest, type RouteOptions } from 'fw';
import { loadFileRoutes } from 'fw/node';
import { writeRouteManifest } from '../../tooling/route-manifest';
import { loadApp } from '../load-app';
import { formatTable } from '../table';
import type { Command } from '../command';

interface RouteRow {
  method: string;
  path: string;
  validated: boolean;
  source: string;
}

function validated(options: RouteOptions): boolean {
  const s = options?.schema;
  return Boolean(s && (s.body || s.query || s.params || s.headers));
}

/** Lists routes as a table (or JSON): from `--app <file>`, else from the file routes of `--dir`. */
export const routesCommand: Command = {
  name: 'routes',
  summary: 'print the route table (file routes of --dir, or every route of --app)',
  usage: `Usage: fw routes [options]
  --dir <folder>      routes folder (default src/routes)
  --app <file>        list every route of the app module instead (default export or \`app\`)
  --manifest <file>   also write the routes manifest module for workers and Lambda
  --json              print JSON instead of a table`,
  flags: { dir: { type: 'string' }, app: { type: 'string' }, manifest: { type: 'string' }, json: { type: 'boolean' } },
  async run({ flags }, io) {
    const dir = resolve(io.cwd, String(flags.dir ?? 'src/routes'));
    let rows: RouteRow[];
    if (typeof flags.app === 'string') {
      const app = await loadApp(flags.app, io.cwd);
      rows = app.getRoutes().map((r) => ({ method: r.method, path: r.path, validated: r.hasValidation, source: flags.app as string }));
    } else {
      rows = routesFromManifest(await loadFileRoutes(dir)).map((r) => ({ method: r.method, path: r.path, validated: validated(r.options), source: r.file }));
    }
    if (typeof flags.manifest === 'string') {
      const { outFile, files } = await writeRouteManifest({ dir, outFile: resolve(io.cwd, flags.manifest) });
      io.err(`wrote ${outFile} (${files} route file${files === 1 ? '' : 's'})`);
    }
    if (flags.json) {
      io.out(JSON.stringify(rows, null, 2));
      return 0;
    }
    for (const line of formatTable(['METHOD', 'PATH', 'VALIDATED', 'SOURCE'], rows.map((r) => [r.method, r.path, r.validated ? 'yes' : 'no', r.source]))) io.out(line);
    io.out(`${rows.length} route${rows.length === 1 ? '' : 's'}`);
    return 0;
  },
};
