/**
 * The official MCP conformance suite (@modelcontextprotocol/conformance, Node 22) against the fixture app,
 * served by fw on Node and inside workerd through miniflare: every server scenario of 2025-06-18 and 2025-11-25
 * (its elicitation SEP-1034 defaults and SEP-1330 enum forms, SSE streams and DNS-rebinding checks included) with the
 * project's pinned suite; with the alpha installed at test time (the pinned one has no 2026-07-28 scenario) every one of
 * 2026-07-28 (stateless requests, discovery, headers, caching, multi round-trip requests, subscriptions; `--suite
 * all`, pending and draft ones included), of `--requirements 2026-07-28` (the revision's required set plus what it
 * runs unscored: the tasks extension io.modelcontextprotocol/tasks and the pending header scenarios), and its
 * 2025-06-18 and 2025-11-25 sets (`--suite all`, its session lifecycle check included); no expected failures. The
 * counts and suite versions are in conformance-counts.ts (mcp/README.md states them; readme-counts.test.ts checks).
 *
 * Each suite run talks to a server of its own (a fresh app on Node, a workerd of its own from one bundle), so the runs
 * share nothing and go at the same time: they mostly wait on the suite's requests and timeouts, not on a core.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { bundleWorker } from '../targets/worker/helpers';
import { Miniflare } from 'miniflare';
import { serve, type NodeServer } from 'fw/node';
import { conformanceApp } from '../fixtures/mcp-conformance/server';
import { ensureInstalled, installs } from './client-matrix';
import { conformanceCounts as counts } from './conformance-counts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));
const node22 = `${root}test/.out/node22/node_modules/node/bin/node`;
const suite = `${root}node_modules/@modelcontextprotocol/conformance/dist/index.js`;
const suite2026 = `${root}test/.out/${installs.conformance2026.dir}/node_modules/@modelcontextprotocol/conformance/dist/index.js`;

/** The suite runs: a name (its output folder), how many server scenarios it has (conformance-counts.ts), and the suite's CLI and arguments. */
const runs = [
  ['2025-06-18', counts['2025-06-18'], [suite, 'server', '--spec-version', '2025-06-18']],
  ['2025-11-25', counts['2025-11-25'], [suite, 'server', '--spec-version', '2025-11-25']],
  ['2026-07-28', counts['2026-07-28'], [suite2026, 'server', '--suite', 'all', '--spec-version', '2026-07-28']],
  ['requirements-2026-07-28', counts['requirements-2026-07-28'], [suite2026, 'server', '--requirements', '2026-07-28']],
  ['alpha-2025-06-18', counts['alpha-2025-06-18'], [suite2026, 'server', '--suite', 'all', '--spec-version', '2025-06-18']],
  ['alpha-2025-11-25', counts['alpha-2025-11-25'], [suite2026, 'server', '--suite', 'all', '--spec-version', '2025-11-25']],
] as const;

/** Runs one set of server scenarios against `url`; returns the summary (a failing run's too, so the test names what failed). */
async function runSuite(url: string, name: string, cli: readonly string[]): Promise<string> {
  const out = `${root}test/.out/mcp-conformance/${name}`;
  await rm(out, { recursive: true, force: true });
  const { stdout } = await run(node22, [...cli, '--url', url, '-o', out], { timeout: 120_000, maxBuffer: 8 * 1024 * 1024 }).catch(
    (error: { stdout?: string }) => ({ stdout: error.stdout ?? String(error) }),
  );
  return stdout.slice(stdout.indexOf('=== SUMMARY ==='));
}

function expectAllPassed(summary: string, scenarios: number): void {
  const lines = summary.split('\n').filter((l) => !l.startsWith('Total') && /: \d+ passed, \d+ failed/.test(l));
  expect(lines).toHaveLength(scenarios);
  expect(lines.filter((line) => !/^✓ .*: \d+ passed, 0 failed$/.test(line))).toEqual([]);
  expect(summary).toMatch(/Total: \d+ passed, 0 failed/);
  // --requirements lists what it ran without scoring (the tasks extension, pending scenarios): none may fail either.
  expect(summary).not.toMatch(/Not scored for .*: \d+ scenario\(s\) run, [1-9]\d* failing/);
}

beforeAll(() => Promise.all([ensureInstalled('node22'), ensureInstalled('conformance2026')]), 250_000);

describe.concurrent('MCP conformance suite, specs 2025-06-18, 2025-11-25 and 2026-07-28 (with the tasks extension)', () => {
  describe('fw on Node', () => {
    it.each(runs)(
      'passes every server scenario of %s (%i)',
      async (name, scenarios, cli) => {
        const http: NodeServer = await serve(conformanceApp(), { port: 0, hostname: '127.0.0.1' });
        try {
          expectAllPassed(await runSuite(`${http.url}/mcp`, `node-${name}`, cli), scenarios);
        } finally {
          await http.stop();
        }
      },
      150_000,
    );
  });

  describe('fw inside workerd (miniflare)', () => {
    let script: string;
    beforeAll(async () => {
      script = await bundleWorker('test/fixtures/mcp-conformance/worker.ts');
    });

    it.each(runs)(
      'passes every server scenario of %s (%i)',
      async (name, scenarios, cli) => {
        const mf = new Miniflare({
          compatibilityDate: '2026-04-01',
          cf: false,
          host: '127.0.0.1',
          port: 0,
          modules: [{ type: 'ESModule', path: 'worker.mjs', contents: script }],
        });
        try {
          const url = await mf.ready;
          expectAllPassed(await runSuite(new URL('/mcp', url).href, `workerd-${name}`, cli), scenarios);
        } finally {
          await mf.dispose();
        }
      },
      150_000,
    );
  });
});
