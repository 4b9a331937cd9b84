/**
 * Vitest global setup: one temporary folder for this run of the integration tests, given to the test files as
 * `inject('fwRunFolder')`. The build and the packed tarballs are made there once and shared by every file
 * (test/packages/once-per-run.ts); the folder is removed when the run ends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's shared scratch folder (test/setup/run-folder.ts). */
    fwRunFolder: string;
  }
}

/** Makes the run's folder, provides it to the test files and returns the teardown that removes it. */
export default function runFolder(project: TestProject): () => void {
  const folder = mkdtempSync(join(tmpdir(), 'fw-test-run-'));
  project.provide('fwRunFolder', folder);
  return () => rmSync(folder, { recursive: true, force: true });
}
