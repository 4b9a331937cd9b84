import { defineConfig } from 'vitest/config';
import { sourceAliases } from './aliases.ts';

export default defineConfig({
  resolve: {
    alias: Object.entries(sourceAliases).map(([find, replacement]) => ({
      find: new RegExp(`^${find.replace('/', '\\/')}$`),
      replacement,
    })),
  },
  test: {
    include: ['test/**/*.test.ts', 'mcp/test/**/*.test.ts'],
    globalSetup: ['test/setup/chromium.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    silent: 'passed-only',
  },
});
