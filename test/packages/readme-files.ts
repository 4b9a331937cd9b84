/** The files of the README's "Quick start" and "New project, step by step" sections, as a new user writes them. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every fenced block of those sections whose first line names a file (`// src/app.ts`), keyed by that path. */
export function readmeProjectFiles(root: string): Map<string, string> {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const start = readme.indexOf('## Quick start');
  const end = readme.indexOf('## Deploy it');
  if (start < 0 || end < start)
    throw new Error('README.md needs its "## Quick start" … "## Deploy it" sections: the packed-install test follows them');
  const files = new Map<string, string>();
  for (const [, body] of readme.slice(start, end).matchAll(/```\w*\n([\s\S]*?)```/g)) {
    const named = /^\/\/ ([\w./-]+\.(?:ts|json))\n/.exec(body);
    if (named) files.set(named[1], body);
  }
  for (const path of ['tsconfig.json', 'src/app.ts', 'src/server.ts', 'src/worker.ts', 'src/lambda.ts']) {
    if (!files.has(path)) throw new Error(`README.md's new-project sections lost the block that starts with "// ${path}"`);
  }
  return files;
}
