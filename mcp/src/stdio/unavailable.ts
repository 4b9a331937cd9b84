import type { Transport } from '../server';

/**
 * `#stdio` in a worker (mcp/package.json `imports`, conditions workerd, worker and browser): a worker has no standard
 * streams, so `start('stdio')` fails at once and names the transport that works there.
 */
export function openStdio(): Transport {
  throw new TypeError(
    'stdio is not available in a worker; use the HTTP transport: app.plugin(createMCPPlugin(server)) or server.startHTTP()',
  );
}
