import type { Transport } from '../server';
import { StdioTransport } from './transport';

/**
 * The transport of `start('stdio')` on Node and Bun: the process's standard streams. The server imports it as
 * `#stdio` (mcp/package.json `imports`), which workers resolve to `unavailable.ts`, so their bundles carry no stdio.
 */
export function openStdio(debug: boolean): Transport {
  return new StdioTransport({ debug });
}
