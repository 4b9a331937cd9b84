import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { sourceAliases } from './aliases.ts';
import { testLanes } from './test/lanes.ts';
import { SlowFirst } from './test/setup/slow-first.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
/** Unit files need nothing outside the process; integration files start workerd, Bun, Chromium, tsc or talk to a database (test/lanes.ts). */
const lanes = testLanes(root, ['test', 'mcp/test']);
const cores = availableParallelism();
/**
 * Test files at a time: files share no port, database schema or temporary folder, and the build happens once per run.
 * Integration files mostly wait on a child process, an install, a socket or workerd rather than on a core, so three
 * run per core; unit files keep a core busy, so one runs per core (at least two at a time), after the integration files
 * (vitest runs projects with different worker counts one group after the other).
 */
const workers = { integration: 3 * cores, unit: Math.max(2, cores) };
/**
 * fw-mcp's protocol: JSON-RPC, the MCP methods, sessions, subscriptions, tasks and workflows (mcp/src), without its
 * transports (http/, http-json/, stdio/), its authorization (oauth/, auth/) and its bridge to fw apps.
 */
const mcpProtocol = 'mcp/src/{!(index|app-bridge|bridged-server).ts,methods/**,modern/**,tasks/**,workflows/**}';

export default defineConfig({
  resolve: {
    alias: Object.entries(sourceAliases).map(([find, replacement]) => ({
      find: new RegExp(`^${find.replace('/', '\\/')}$`),
      replacement,
    })),
  },
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: workers.integration,
    silent: 'passed-only',
    /** Files marked `@slow` start first, so the long ones never run alone at the end (test/setup/slow-first.ts). */
    sequence: { sequencer: SlowFirst },
    coverage: {
      provider: 'v8',
      include: ['src/**/*.{ts,tsx}', 'mcp/src/**/*.ts', 'targets/**/*.ts'],
      reporter: ['text-summary', ['text', { skipFull: true }], 'html'],
      reportOnFailure: true,
      thresholds: { 'src/core/**': { lines: 90 }, [mcpProtocol]: { lines: 90 } },
    },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: lanes.unit,
          isolate: false,
          setupFiles: ['test/setup/real-timers.ts'],
          maxWorkers: workers.unit,
          sequence: { groupOrder: 1 },
        },
      },
      { extends: true, test: { name: 'unit-isolated', include: lanes.isolated, maxWorkers: workers.unit, sequence: { groupOrder: 1 } } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: lanes.integration,
          globalSetup: ['test/setup/chromium.ts', 'test/setup/prometheus.ts', 'test/setup/run-folder.ts'],
        },
      },
    ],
  },
});
