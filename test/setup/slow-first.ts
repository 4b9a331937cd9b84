/**
 * Vitest's file order (integration files before unit files; within a lane the files that took longest last time, or
 * the largest on a first run) with the files whose opening comment says `@slow` moved to the front: they take minutes
 * (installs of the packed tarballs, projects of their own), and started last they would leave one core working alone
 * at the end of the run while the other has nothing left to do. A clean clone has no durations from an earlier run,
 * so the marker says it.
 */
import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { openingComment } from '../lanes.js';

/** Whether a test file's opening comment says `@slow`. */
function isSlow(file: string): boolean {
  return /@slow\b/.test(openingComment(readFileSync(file, 'utf8')));
}

/** The sequencer of vitest.config.ts: vitest's own order, `@slow` files first. */
export class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const slow = sorted.filter((spec) => isSlow(spec.moduleId));
    return [...slow, ...sorted.filter((spec) => !slow.includes(spec))];
  }
}
