/** `fw openapi`: the OpenAPI 3.1 document of the project app (src/openapi), printed or written to a file. */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { exportToMarkdown, specToJSON } from 'fw';
import { requireApp } from '../find-app';
import { CliUsageError } from '../io';
import type { Command } from '../command';
import { appDocument } from './openapi-document';

function nonEmpty(flag: string, value: string | boolean | undefined): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (value.trim() === '') throw new CliUsageError(`fw openapi: --${flag} needs a non-empty value`);
  return value;
}

/** Generates the document of the app (with its file routes when `--routes` is given) as JSON, or Markdown with `--markdown`. */
export const openapiCommand: Command = {
  name: 'openapi',
  summary: 'print or write the OpenAPI 3.1 document of the project app',
  usage: `Usage: fw openapi [options]
  --app <file>        app module (default: found as fw routes finds it)
  --routes <folder>   also register the file routes of this folder first
  --title <text>      info.title (default: the openapi plugin's title when the app registers it, else package.json "name")
  --version <v>       info.version (default: the openapi plugin's version when registered, else package.json "version")
  --out <file>        write to a file instead of standard output
  --markdown          Markdown reference instead of JSON`,
  flags: {
    app: { type: 'string' },
    routes: { type: 'string' },
    title: { type: 'string' },
    version: { type: 'string' },
    out: { type: 'string' },
    markdown: { type: 'boolean' },
  },
  async run({ flags }, io) {
    const overrides = { title: nonEmpty('title', flags.title), version: nonEmpty('version', flags.version) };
    const { app } = await requireApp(
      'openapi',
      io.cwd,
      typeof flags.app === 'string' ? flags.app : undefined,
      '--app <file> to name the app module',
    );
    try {
      if (typeof flags.routes === 'string') await app.fromFileRoutes({ dir: resolve(io.cwd, flags.routes) });
      const { doc, titleFrom } = await appDocument(app, io.cwd, overrides);
      const text = flags.markdown ? exportToMarkdown(doc) : specToJSON(doc);
      if (typeof flags.out !== 'string') {
        io.out(text);
        return 0;
      }
      const file = resolve(io.cwd, flags.out);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, `${text}\n`);
      const paths = Object.keys(doc.paths).length;
      io.err(`wrote ${file} (${paths} path${paths === 1 ? '' : 's'}; title "${doc.info.title}" from ${titleFrom})`);
      return 0;
    } finally {
      await app.stop();
    }
  },
};
