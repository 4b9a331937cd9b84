/**
 * The README's speed table is what scripts/readme-speed.ts generates from bench/RESULTS.md: no figure in it is
 * typed by hand, the worst ratio is shown beside the best, and losses are marked.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readResults, readmePath, resultsPath, speedTable, withSpeedTable } from '../../scripts/readme-speed';

const report = (table: string) =>
  [
    '# Benchmarks',
    '',
    '## fetch',
    '',
    '- Date: 2026-12-01T10:00:00.000Z',
    '',
    table,
    '',
    '## lambda',
    '',
    '- Date: 2026-12-01T10:05:00.000Z',
    '',
    '| case | contestant | median | unit | ratio |',
    '|---|---|---|---|---|',
    '| warm | fw lambda() | 50 | k/s | 2.000 |',
    '| warm | hono handle() | 25 | k/s | 1 |',
    '| size | fw lambda() | 9 | kB | 0.500 |',
    '| size | hono handle() | 4.5 | kB | 1 |',
    '',
    '## mcp',
    '',
    '- Date: 2026-12-01T10:10:00.000Z',
    '',
    '**Failed in this run**: `npm run bench -- mcp` exited with code 1.',
    '',
  ].join('\n');

const fetchTable = [
  '| case | contestant | median | unit | ratio |',
  '|---|---|---|---|---|',
  '| ping | fw | 10 | µs | 1 |',
  '| ping | hono | 13 | µs | 1.300 |',
  '| json | fw | 10 | µs | 1 |',
  '| json | hono | 8 | µs | 0.800 |',
].join('\n');

describe('the speed table in README.md', () => {
  it('is what npm run docs:speed generates from bench/RESULTS.md (run it after a full npm run bench)', () => {
    const readme = readFileSync(readmePath, 'utf8');
    expect(withSpeedTable(readme, readFileSync(resultsPath, 'utf8'))).toBe(readme);
  });

  it('shows the worst ratio beside the best and marks losses, with the section and the run date', () => {
    const table = speedTable(report(fetchTable));
    expect(table).toContain('| `fetch` | 1 | **0.80x loss** vs hono | 1.30x vs hono | 1 of 1: hono | 2026-12-01 |');
  });

  it('reads sections whose base is the peer (its ratios 1) as fw against that peer', () => {
    const { peers } = readResults(report(fetchTable));
    expect(peers.find((p) => p.section === 'lambda')).toEqual({
      section: 'lambda',
      date: '2026-12-01',
      peer: 'hono handle()',
      ratios: [2, 0.5],
    });
    expect(speedTable(report(fetchTable))).toContain('| `lambda` | 1 | **0.50x loss** vs hono handle() | 2.00x vs hono handle() |');
  });

  it('names the peer of the worst and best ratio, and says none when fw loses no case', () => {
    const twoPeers = [
      '| case | contestant | median | unit | ratio |',
      '|---|---|---|---|---|',
      '| ping | fw | 10 | µs | 1 |',
      '| ping | hono | 13 | µs | 1.300 |',
      '| ping | h3 | 25 | µs | 2.500 |',
    ].join('\n');
    expect(speedTable(report(twoPeers))).toContain('| `fetch` | 2 | 1.30x vs hono | 2.50x vs h3 | none | 2026-12-01 |');
  });

  it('lists a bench that failed in the run as failed', () => {
    expect(speedTable(report(fetchTable))).toContain('| `mcp` | failed in this run |');
  });

  it('refuses a README without the markers', () => {
    expect(() => withSpeedTable('# fw\n', report(fetchTable))).toThrow(/speed:start/);
  });
});
