/** `fw openapi`: the OpenAPI 3.1 document of the project app (src/openapi), printed or written to a file. */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { exportToMarkdown, generateSpec, specToJSON } from 'fw';
import { loadApp } from '../load-app';
import { CliUsageError } from '../io';
import type { Command } from '../command';

/** Generates the document of `--app` (with its file routes when `--routes` is given) as JSON, or Markdown with `--markdown`. */
export const openapiCommand: Command = {
  name: 'openapi',
  summary: 'print or write the OpenAPI 3.1 document of the project app',
  usage: `Usage: fw openapi [options]
  --app <file>        app module (default src/app.ts)
  --routes <folder>   also register the file routes of this folder first
  --title <text>      info.title (default fw API)
  --version <v>       info.version (default 1.0.0)
  --out <file>        write to a file instead of standard output
  --markdown          Markdown reference instead of JSON`,
  flags: { app: { type: 'string' }, routes: { type: 'string' }, title: { type: 'string' }, version: { type: 'string' }, out: { type: 'string' }, markdown: { type: 'boolean' } },
  async run({ flags }, io) {
    const app = await loadApp(String(flags.app ?? 'src/app.ts'), io.cwd);
    if (typeof flags.routes === 'string') await app.fromFileRoutes({ dir: resolve(io.cwd, flags.routes) });
    const version = flags.version;
    if (typeof version === 'string' && version.trim() === '') throw new CliUsageError('fw openapi: --version needs a non-empty value');
    const doc = generateSpec(app, { title: typeof flags.title === 'string' ? flags.title : 'fw API', version: typeof version === 'string' ? version : '1.0.0' });
    const text = flags.markdown ? exportToMarkdown(doc) : specToJSON(doc);
    if (typeof flags.out !== 'string') {
      io.out(text);
      return 0;
    }
    const file = resolve(io.cwd, flags.out);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, `${text}\n`);
    io.err(`wrote ${file} (${Object.keys(doc.paths).length} paths)`);
    return 0;
  },
};
