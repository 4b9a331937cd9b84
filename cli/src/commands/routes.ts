/** `fw routes`: the route table of the project app (named or found) or of a routes folder, optionally writing the routes manifest. */
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { routesFromManifest, type RouteOptions } from 'fw';
import { loadFileRoutes } from 'fw/node';
import { writeRouteManifest } from '../../tooling/route-manifest';
import { findApp, noAppError, type FoundApp } from '../find-app';
import { loadApp } from '../load-app';
import { formatTable } from '../table';
import type { Command } from '../command';
import type { CliIO } from '../io';

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

async function appRows({ app, file }: FoundApp): Promise<RouteRow[]> {
  try {
    return app.getRoutes().map((r) => ({ method: r.method, path: r.path, validated: r.hasValidation, source: file }));
  } finally {
    await app.stop();
  }
}

async function folderRows(dir: string): Promise<RouteRow[]> {
  return routesFromManifest(await loadFileRoutes(dir)).map((r) => ({
    method: r.method,
    path: r.path,
    validated: validated(r.options),
    source: r.file,
  }));
}

async function isFolder(path: string): Promise<boolean> {
  return Boolean((await stat(path).catch(() => null))?.isDirectory());
}

/** The rows of `--app`, else of `--dir`, else of the app `findApp` finds, else of src/routes when that folder exists. */
async function rowsFor(flags: Record<string, string | boolean | undefined>, io: CliIO, dir: string): Promise<RouteRow[]> {
  if (typeof flags.app === 'string') return appRows({ app: await loadApp(flags.app, io.cwd), file: flags.app });
  if (typeof flags.dir === 'string') return folderRows(dir);
  const { found, tried } = await findApp(io.cwd);
  if (found) return appRows(found);
  if (await isFolder(dir)) {
    io.err('fw routes: no app module found; listing the file routes of src/routes');
    return folderRows(dir);
  }
  throw noAppError('routes', io.cwd, tried, '--app <file> to name the app module, or --dir <folder> to list the file routes of a folder');
}

/** Lists routes as a table (or JSON): of `--app`, of the file routes of `--dir`, or of the app found in the project. */
export const routesCommand: Command = {
  name: 'routes',
  summary: 'print the route table of the project app (or of a file routes folder)',
  usage: `Usage: fw routes [options]
  --app <file>        the app module (default export or \`app\`); without --app and --dir the app is looked for:
                      package.json "exports" and "main", then src/app, src/index, app, index, src/server, server (.ts, .js, .mjs)
  --dir <folder>      list the file routes of this folder instead (also the folder --manifest reads; default src/routes)
  --manifest <file>   also write the routes manifest module for workers and Lambda
  --json              print JSON instead of a table`,
  flags: { dir: { type: 'string' }, app: { type: 'string' }, manifest: { type: 'string' }, json: { type: 'boolean' } },
  async run({ flags }, io) {
    const dir = resolve(io.cwd, String(flags.dir ?? 'src/routes'));
    const rows = await rowsFor(flags, io, dir);
    if (typeof flags.manifest === 'string') {
      const { outFile, files } = await writeRouteManifest({ dir, outFile: resolve(io.cwd, flags.manifest) });
      io.err(`wrote ${outFile} (${files} route file${files === 1 ? '' : 's'})`);
    }
    if (flags.json) {
      io.out(JSON.stringify(rows, null, 2));
      return 0;
    }
    for (const line of formatTable(
      ['METHOD', 'PATH', 'VALIDATED', 'SOURCE'],
      rows.map((r) => [r.method, r.path, r.validated ? 'yes' : 'no', r.source]),
    ))
      io.out(line);
    io.out(`${rows.length} route${rows.length === 1 ? '' : 's'}`);
    return 0;
  },
};
