/** Loads the Lambda event fixtures (a fresh copy each time, so tests can change them). */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('../../fixtures/lambda/', import.meta.url));

/** Reads `test/fixtures/lambda/<name>.json`. */
export function fixture<T = any>(name: string): T {
  return JSON.parse(readFileSync(`${dir}${name}.json`, 'utf8')) as T;
}

/** Words of JavaScript's own error messages, which an error answer must never show the caller. */
export const jsErrorText =
  /TypeError|RangeError|SyntaxError|URIError|is not iterable|is not a function|is not defined|Cannot read prop|of undefined|of null|\[object /;
