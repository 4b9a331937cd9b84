/**
 * Maps the package names fw and fw-mcp to their sources, for vitest (Node) inside the repo: `fw` is the entry Node
 * resolves (the `node` export condition), with Node's platform services; worker bundles resolve `fw` to src/index.ts.
 */
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

export const sourceAliases: Record<string, string> = {
  'fw/node': `${root}targets/node/index.ts`,
  'fw/bun': `${root}targets/bun/index.ts`,
  'fw/worker': `${root}targets/worker/index.ts`,
  'fw/lambda': `${root}targets/lambda/index.ts`,
  'fw/serverless': `${root}targets/serverless/index.ts`,
  'fw/mcp': `${root}src/mcp/index.ts`,
  'fw/jsx-runtime': `${root}src/jsx/jsx-runtime.ts`,
  'fw/jsx-dev-runtime': `${root}src/jsx/jsx-dev-runtime.ts`,
  'fw-mcp': `${root}mcp/src/index.ts`,
  'fw/core': `${root}src/core/index.ts`,
  fw: `${root}targets/node/fw.ts`,
};
