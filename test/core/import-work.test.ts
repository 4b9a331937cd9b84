/**
 * Importing fw does no work a first request does not need (issue #19): each entry is imported in a fresh Node
 * process, which reports the npm packages it resolved and whether undici (Response, Request, Headers) was loaded.
 * Import times are measured by the startup bench, not here.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const probe = fileURLToPath(new URL('./fixtures/import-probe.ts', import.meta.url));

interface ImportReport {
  packages: string[];
  undici: boolean;
}

function importInFreshNode(entry: string): ImportReport {
  const out = execFileSync(process.execPath, ['--import', 'tsx', probe, `${root}${entry}`], { cwd: root, encoding: 'utf8' });
  return JSON.parse(out) as ImportReport;
}

describe('import work', () => {
  it("import('fw') on Node loads only the packages behind synchronous public APIs, and not undici", () => {
    // range-parser, @remix-run/multipart-parser, yaml, jose (jwt(), jwk()) and content-disposition (download()) are
    // loaded by the first request (or call) that needs them.
    expect(importInFreshNode('targets/node/fw.ts')).toEqual({
      packages: [
        '@cfworker/json-schema', // validate() and route schemas checked when a route is added
        'croner', // parseCron(), matchesCron(), getNextRun(), Scheduler checks expressions when a job is added
        'dbgate-query-splitter', // splitStatements()
        'devalue', // serializeForCache(), deserializeFromCache()
        'ipaddr.js', // trustProxy() refuses a bad address list when called
        'mime', // contentTypeFor()
        'negotiator', // accepts() and the preferred*() helpers answer synchronously
      ],
      undici: false,
    });
  });

  it("import('fw/core') loads no npm package and not undici", () => {
    expect(importInFreshNode('src/core/index.ts')).toEqual({ packages: [], undici: false });
  });
});
