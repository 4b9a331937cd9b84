import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const fixture = fileURLToPath(new URL('./fixtures/bun-timers.ts', import.meta.url));
const bun = fileURLToPath(new URL('../../node_modules/.bin/bun', import.meta.url));

describe('scheduler timers on Bun', () => {
  it('runs a job in process every second and lets the process exit once the app stops', () => {
    const out = execFileSync(bun, ['run', fixture], { encoding: 'utf8', timeout: 20_000 });
    expect(
      out
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toEqual([
      { run: 'tick', trigger: 'timer', runs: 1, runtime: 'bun' },
      { run: 'tick', trigger: 'timer', runs: 2, runtime: 'bun' },
    ]);
  });
});
