/**
 * Maps the package names fw and fw-mcp and fw's entries (`fw/cors`, `fw/rate-limit`, …) to their sources, for vitest
 * (Node) inside the repo: `fw` is the entry Node resolves (the `node` export condition), with Node's platform
 * services; worker bundles resolve `fw` to src/index.ts.
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
  'fw/cache': `${root}src/cache/index.ts`,
  'fw/circuit-breaker': `${root}src/circuit-breaker/index.ts`,
  'fw/compress': `${root}src/compress/index.ts`,
  'fw/cookie': `${root}src/cookie/index.ts`,
  'fw/cors': `${root}src/cors/index.ts`,
  'fw/db': `${root}src/db/index.ts`,
  'fw/errors': `${root}src/errors/index.ts`,
  'fw/event-bus': `${root}src/event-bus/index.ts`,
  'fw/file-routes': `${root}src/file-routes/index.ts`,
  'fw/health': `${root}src/health/index.ts`,
  'fw/jsx': `${root}src/jsx/index.ts`,
  'fw/kv': `${root}src/kv/index.ts`,
  'fw/legacy': `${root}src/legacy/index.ts`,
  'fw/lifecycle': `${root}src/lifecycle/index.ts`,
  'fw/logger': `${root}src/logger/index.ts`,
  'fw/observability': `${root}src/observability/index.ts`,
  'fw/openapi': `${root}src/openapi/index.ts`,
  'fw/rate-limit': `${root}src/ratelimit/index.ts`,
  'fw/rpc': `${root}src/rpc/index.ts`,
  'fw/scheduler': `${root}src/scheduler/index.ts`,
  'fw/schema': `${root}src/schema/index.ts`,
  'fw/security': `${root}src/security/index.ts`,
  'fw/session': `${root}src/session/index.ts`,
  'fw/static': `${root}src/static/index.ts`,
  'fw/testing': `${root}src/testing/index.ts`,
  'fw/trace': `${root}src/trace/index.ts`,
  'fw/typed': `${root}src/typed/index.ts`,
  'fw/upload': `${root}src/upload/index.ts`,
  'fw/web': `${root}src/web/index.ts`,
  'fw/webhooks': `${root}src/webhooks/index.ts`,
  'fw/workspace': `${root}src/workspace/index.ts`,
  'fw/ws': `${root}src/ws/index.ts`,
  'fw-mcp/plain': `${root}mcp/src/plain.ts`,
  'fw-mcp': `${root}mcp/src/index.ts`,
  'fw/core': `${root}src/core/index.ts`,
  'fw/client': `${root}src/client/index.ts`,
  fw: `${root}targets/node/fw.ts`,
};
