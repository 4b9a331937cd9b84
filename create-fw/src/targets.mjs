/** The targets create-fw writes projects for: what each one's package.json runs and depends on. */

/**
 * Versions of the tools a new project installs, the ranges fw's own repository builds and tests with
 * (test/create/create-fw.test.ts keeps them equal to the repository's devDependencies).
 */
const toolVersions = {
  vitest: '^4.1.12',
  typescript: '^7.0.2',
  wrangler: '4.86',
  '@types/node': '^20.19.43',
  '@cloudflare/workers-types': '^4.20260702.1',
};

/** The targets in the order the prompt lists them; `scripts` and `devDependencies` are the target's own, added to the shared ones. */
export const targets = {
  worker: {
    label: 'Cloudflare-style worker (wrangler.toml, wrangler dev on workerd)',
    scripts: { dev: 'wrangler dev', build: 'fw build --target worker', deploy: 'wrangler deploy' },
    devDependencies: ['wrangler', '@cloudflare/workers-types'],
  },
  lambda: {
    label: 'AWS Lambda (SAM template.yaml, fw dev locally)',
    scripts: { dev: 'fw dev', build: 'fw build --target lambda', deploy: 'fw build --target lambda && sam deploy --guided' },
    devDependencies: ['@types/node'],
  },
  node: {
    label: 'Node.js server (fw dev, fw/node)',
    scripts: { dev: 'fw dev', build: 'fw build --target node', start: 'node dist/node/index.mjs' },
    devDependencies: ['@types/node'],
  },
  bun: {
    label: 'Bun server (bun --watch, fw/bun)',
    scripts: { dev: 'bun --watch src/index.ts', build: 'fw build --target bun', start: 'bun dist/bun/index.js' },
    devDependencies: ['@types/node'],
  },
};

/** The target names, for messages and the prompt. */
export const targetNames = Object.keys(targets);

/** The package.json of a new project: fw and fw-cli at `^version` (create-fw's own), the tools at `toolVersions`. */
export function projectPackage(name, target, version) {
  const { scripts, devDependencies } = targets[target];
  const tools = ['typescript', 'vitest', ...devDependencies];
  return {
    name,
    version: '0.1.0',
    private: true,
    type: 'module',
    engines: { node: '>=20' },
    scripts: { ...scripts, test: 'vitest run', typecheck: 'tsc --noEmit' },
    dependencies: { fw: `^${version}` },
    devDependencies: Object.fromEntries(
      [['fw-cli', `^${version}`], ...tools.map((tool) => [tool, toolVersions[tool]])].sort(([a], [b]) => a.localeCompare(b)),
    ),
  };
}
