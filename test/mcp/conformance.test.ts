/**
 * The official MCP conformance suite (@modelcontextprotocol/conformance, Node 22) against the fixture app,
 * served by fw on Node and inside workerd through miniflare: all 26 scenarios of 2025-06-18 and all 30 of 2025-11-25
 * (its elicitation SEP-1034 defaults and SEP-1330 enum forms, SSE streams and DNS-rebinding checks included) with the
 * project's pinned 0.1.16, and all 40 of 2026-07-28 (stateless requests, discovery, headers, caching, multi
 * round-trip requests, subscriptions; `--suite all`, pending and draft ones included) with 0.2.0-alpha.12, installed
 * at test time because 0.1.16 has no 2026-07-28 scenario; no expected failures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { bundleWorker } from '../targets/worker/helpers';
import { Miniflare } from 'miniflare';
import { serve, type NodeServer } from 'fw/node';
import { conformanceApp } from '../fixtures/mcp-conformance/server';
import { ensureInstalled, installs } from './client-matrix';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));
const node22 = `${root}test/.out/node22/node_modules/node/bin/node`;
const suite = `${root}node_modules/@modelcontextprotocol/conformance/dist/index.js`;
const suite2026 = `${root}test/.out/${installs.conformance2026.dir}/node_modules/@modelcontextprotocol/conformance/dist/index.js`;

/** The spec versions the suite checks, with how many server scenarios each has. */
const versions = [
  ['2025-06-18', 26],
  ['2025-11-25', 30],
  ['2026-07-28', 40],
] as const;

/** Runs every server scenario of one spec version against `url`; returns the summary lines. */
async function runSuite(url: string, name: string, version: string): Promise<string> {
  const out = `${root}test/.out/mcp-conformance/${name}-${version}`;
  await rm(out, { recursive: true, force: true });
  const cli = version === '2026-07-28' ? [suite2026, 'server', '--suite', 'all'] : [suite, 'server'];
  const { stdout } = await run(node22, [...cli, '--url', url, '--spec-version', version, '-o', out], {
    timeout: 120_000,
    maxBuffer: 8 * 1024 * 1024,
  });
  return stdout.slice(stdout.indexOf('=== SUMMARY ==='));
}

function expectAllPassed(summary: string, scenarios: number): void {
  const lines = summary.split('\n').filter((l) => !l.startsWith('Total') && /: \d+ passed, \d+ failed/.test(l));
  expect(lines).toHaveLength(scenarios);
  for (const line of lines) expect(line).toMatch(/^✓ .*: \d+ passed, 0 failed$/);
  expect(summary).toMatch(/Total: \d+ passed, 0 failed/);
}

beforeAll(() => Promise.all([ensureInstalled('node22'), ensureInstalled('conformance2026')]), 250_000);

describe('MCP conformance suite, specs 2025-06-18, 2025-11-25 and 2026-07-28', () => {
  describe('fw on Node', () => {
    let http: NodeServer;
    beforeAll(async () => {
      http = await serve(conformanceApp(), { port: 0, hostname: '127.0.0.1' });
    });
    afterAll(async () => {
      await http?.stop();
    });

    it.each(versions)(
      'passes every server scenario of %s (%i)',
      async (version, scenarios) => {
        expectAllPassed(await runSuite(`${http.url}/mcp`, 'node', version), scenarios);
      },
      150_000,
    );
  });

  describe('fw inside workerd (miniflare)', () => {
    let mf: Miniflare;
    beforeAll(async () => {
      const script = await bundleWorker('test/fixtures/mcp-conformance/worker.ts');
      mf = new Miniflare({
        compatibilityDate: '2026-04-01',
        cf: false,
        host: '127.0.0.1',
        port: 0,
        modules: [{ type: 'ESModule', path: 'worker.mjs', contents: script }],
      });
      await mf.ready;
    });
    afterAll(async () => {
      await mf?.dispose();
    });

    it.each(versions)(
      'passes every server scenario of %s (%i)',
      async (version, scenarios) => {
        const url = await mf.ready;
        expectAllPassed(await runSuite(new URL('/mcp', url).href, 'workerd', version), scenarios);
      },
      150_000,
    );
  });
});
