/**
 * mcp/README.md states the conformance scenario counts that test/mcp/conformance.test.ts asserts: its sentence is
 * what scripts/mcp-readme-counts.ts writes from test/mcp/conformance-counts.ts, for the suite versions the tests run.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { conformanceSentence, readmePath, withConformanceSentence } from '../../scripts/mcp-readme-counts';
import { installs } from './client-matrix';
import { conformanceCounts, conformanceSuites } from './conformance-counts';
import { repoRoot } from './helpers';

describe('the conformance counts in mcp/README.md', () => {
  it('are the sentence npm run docs:mcp-counts writes (run it after changing conformance-counts.ts)', () => {
    const readme = readFileSync(readmePath, 'utf8');
    expect(withConformanceSentence(readme)).toBe(readme);
    for (const count of Object.values(conformanceCounts)) expect(conformanceSentence()).toContain(` ${count} `);
  });

  it('name the suite versions the conformance test runs', () => {
    const pinned = JSON.parse(readFileSync(`${repoRoot}node_modules/@modelcontextprotocol/conformance/package.json`, 'utf8'));
    expect(pinned.version).toBe(conformanceSuites.pinned);
    expect(installs.conformance2026.packages[0]).toBe(`@modelcontextprotocol/conformance@${conformanceSuites.alpha}`);
  });

  it('refuses a README without the markers', () => {
    expect(() => withConformanceSentence('# fw-mcp\n')).toThrow(/conformance-counts:start/);
  });
});
