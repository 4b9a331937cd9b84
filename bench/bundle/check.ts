/**
 * Checks a worker bundle before its size counts: no `import()` with a computed argument (Miniflare's module loader
 * refuses such a bundle, and wrangler cannot follow it), and loaded from its file by `scriptPath` as wrangler dev
 * loads it, it answers GET / with 200 "Hello" in workerd.
 */
import { dirname } from 'node:path';
import { Miniflare } from 'miniflare';

/** The `import(` calls of a bundle whose argument is not one string literal, with some context each. */
export function computedImports(code: string): string[] {
  const found: string[] = [];
  for (const match of code.matchAll(/(?<![\w$.])import\s*\(/g)) {
    const rest = code.slice(match.index + match[0].length);
    if (!/^\s*(['"])[^'"\n]*\1\s*[,)]/.test(rest)) found.push(code.slice(Math.max(0, match.index - 40), match.index + 60));
  }
  return found;
}

/**
 * Throws unless the worker at `file` has no computed import() and answers GET / with 200 "Hello" in workerd; a
 * worker with a validated route (`validates`) must also answer POST /users with 201 for a valid user and 400 for an
 * invalid one, so its validator is in the bundle and runs.
 */
export async function checkWorker(file: string, code: string, validates = false): Promise<void> {
  const computed = computedImports(code);
  if (computed.length > 0) throw new Error(`import() with a non-literal argument (Miniflare refuses the bundle): ${computed.join(' | ')}`);
  const mf = new Miniflare({ cf: false, modules: true, scriptPath: file, modulesRoot: dirname(file), compatibilityDate: '2026-04-01' });
  try {
    const response = await mf.dispatchFetch('http://localhost/');
    const text = await response.text();
    if (response.status !== 200 || text !== 'Hello') throw new Error(`answered GET / with ${response.status} ${text.slice(0, 200)}`);
    if (validates) {
      const post = (body: unknown) =>
        mf.dispatchFetch('http://localhost/users', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const valid = await post({ name: 'Ada', email: 'ada@example.com', age: 36 });
      const invalid = await post({ name: '', email: 'nope' });
      await valid.text();
      await invalid.text();
      if (valid.status !== 201 || invalid.status !== 400)
        throw new Error(
          `answered POST /users with ${valid.status} for a valid user and ${invalid.status} for an invalid one (want 201, 400)`,
        );
    }
  } finally {
    await mf.dispose();
  }
}
