/**
 * How many server scenarios each conformance run has: the one source of truth for test/mcp/conformance.test.ts, which
 * asserts them, and for the sentence in mcp/README.md that states them (written by scripts/mcp-readme-counts.ts).
 */

/** The suite versions the counts belong to: the project's pinned one, and the alpha installed at test time. */
export const conformanceSuites = { pinned: '0.1.16', alpha: '0.2.0-alpha.12' } as const;

/** Scenario count per run, keyed by the run's name (its output folder under test/.out/mcp-conformance). */
export const conformanceCounts = {
  '2025-06-18': 26,
  '2025-11-25': 30,
  '2026-07-28': 40,
  'requirements-2026-07-28': 50,
  'alpha-2025-06-18': 27,
  'alpha-2025-11-25': 33,
} as const;
