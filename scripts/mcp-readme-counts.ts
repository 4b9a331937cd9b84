/**
 * Writes the conformance scenario counts into mcp/README.md from test/mcp/conformance-counts.ts (the counts
 * test/mcp/conformance.test.ts asserts), between the `conformance-counts` markers. `npm run docs:mcp-counts`;
 * test/mcp/readme-counts.test.ts fails when the README differs from what this writes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { conformanceCounts as n, conformanceSuites as suites } from '../test/mcp/conformance-counts';

const start = '<!-- conformance-counts:start -->';
const end = '<!-- conformance-counts:end -->';

/** The README's sentence stating every conformance run and its scenario count. */
export function conformanceSentence(): string {
  return (
    `all ${n['2025-06-18']} scenarios for 2025-06-18 and all ${n['2025-11-25']} for 2025-11-25 (${suites.pinned}), and with ` +
    `${suites.alpha} (installed at test time) all ${n['2026-07-28']} for 2026-07-28 (\`--suite all\`), all ` +
    `${n['requirements-2026-07-28']} of \`--requirements 2026-07-28\` (the revision's required set and what it runs ` +
    `unscored: the tasks extension, pending scenarios) and its ${n['alpha-2025-06-18']} for 2025-06-18 and ` +
    `${n['alpha-2025-11-25']} for 2025-11-25`
  );
}

/** `readme` with the text between the markers replaced by the current sentence; throws if the markers are missing. */
export function withConformanceSentence(readme: string): string {
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from < 0 || to < from) throw new Error(`mcp/README.md: no ${start} ... ${end} pair to write the counts between`);
  return `${readme.slice(0, from + start.length)}${conformanceSentence()}${readme.slice(to)}`;
}

/** The README this script writes. */
export const readmePath = fileURLToPath(new URL('../mcp/README.md', import.meta.url));

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(readmePath, withConformanceSentence(readFileSync(readmePath, 'utf8')));
  console.log(`mcp/README.md: conformance counts written (${conformanceSentence().length} characters)`);
}
