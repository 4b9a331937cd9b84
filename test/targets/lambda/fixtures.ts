/** Loads the Lambda event fixtures (a fresh copy each time, so tests can change them). */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('../../fixtures/lambda/', import.meta.url));

/** Reads `test/fixtures/lambda/<name>.json`. */
export function fixture<T = any>(name: string): T {
  return JSON.parse(readFileSync(`${dir}${name}.json`, 'utf8')) as T;
}
