/** Reads a tsconfig's compilerOptions as TypeScript sees them: comments allowed, `extends` followed (paths, packages, lists). */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, resolve } from 'node:path';
import { parse, type ParseError } from 'jsonc-parser';

type Options = Record<string, unknown>;

function located(spec: string, from: string): string | null {
  if (spec.startsWith('.') || isAbsolute(spec)) {
    const file = resolve(dirname(from), spec);
    return [file, `${file}.json`].find((f) => existsSync(f)) ?? null;
  }
  const require = createRequire(from);
  for (const name of [spec, `${spec}.json`, `${spec}/tsconfig.json`]) {
    try {
      return require.resolve(name);
    } catch {
      // the next form TypeScript accepts
    }
  }
  return null;
}

function read(file: string, seen: string[]): Options {
  if (seen.includes(file)) throw new Error(`the "extends" of ${seen[seen.length - 1]} loops back to ${file}: remove one of them`);
  const errors: ParseError[] = [];
  const config: unknown = parse(readFileSync(file, 'utf8'), errors, { allowTrailingComma: true });
  if (errors.length > 0 || typeof config !== 'object' || config === null)
    throw new Error(`${file} does not parse (error at offset ${errors[0]?.offset ?? 0})`);
  const { extends: parents, compilerOptions } = config as { extends?: unknown; compilerOptions?: Options };
  const merged: Options = {};
  for (const spec of typeof parents === 'string' ? [parents] : Array.isArray(parents) ? parents : []) {
    const parent = typeof spec === 'string' ? located(spec, file) : null;
    if (!parent) throw new Error(`${file} extends ${JSON.stringify(spec)}, which does not resolve: install it or fix the path`);
    Object.assign(merged, read(parent, [...seen, file]));
  }
  return { ...merged, ...compilerOptions };
}

/** The merged compilerOptions of `file` and everything it extends (the extending file wins); throws a message naming the broken file. */
export function readCompilerOptions(file: string): Options {
  return read(file, []);
}
