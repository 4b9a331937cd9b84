/** Milliseconds per `tools/call` made one after another by the official SDK client (1.32; v2 for 2026-07-28), over HTTP or stdio. */
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { builtFwEnv } from '../lib/built-fw';
import { loadSdkV2 } from './sdk-v2';

/** A transport to an HTTP endpoint. */
export function httpTransport(url: string): Transport {
  return new StreamableHTTPClientTransport(new URL(url));
}

/** A transport to a stdio server script run with tsx (fw's from its built package). */
export function stdioTransport(script: string, fw: boolean): Transport {
  const env = fw ? { ...getDefaultEnvironment(), ...builtFwEnv } : undefined;
  return new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', script],
    cwd: join(import.meta.dirname, '../..'),
    stderr: 'ignore',
    env,
  });
}

/** Connects, checks the answer, warms up, then times `calls` sequential calls; returns ms per call. */
export async function sequentialMs(name: string, transport: Transport, calls: number): Promise<number> {
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(transport);
  try {
    const call = () => client.callTool({ name: 'add', arguments: { a: 2, b: 40 } });
    const first = await call();
    if ((first.content as { text?: string }[])[0]?.text !== '42')
      throw new Error(`${name} answered ${JSON.stringify(first)} instead of 42`);
    for (let i = 0; i < 20; i++) await call();
    const started = performance.now();
    for (let i = 0; i < calls; i++) await call();
    return (performance.now() - started) / calls;
  } finally {
    await client.close();
  }
}

/** Like `sequentialMs`, with the official SDK v2 client pinned to 2026-07-28 (no initialize; `_meta` on every request). */
export async function sequentialModernMs(name: string, url: string, calls: number): Promise<number> {
  const sdk = await loadSdkV2('@modelcontextprotocol/client');
  const client = new sdk.Client({ name: 'bench', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  await client.connect(new sdk.StreamableHTTPClientTransport(new URL(url)));
  try {
    if (client.getNegotiatedProtocolVersion() !== '2026-07-28')
      throw new Error(`${name}: the SDK v2 client settled on ${client.getNegotiatedProtocolVersion()}, not 2026-07-28`);
    const call = () => client.callTool({ name: 'add', arguments: { a: 2, b: 40 } });
    const first = await call();
    if (first.content?.[0]?.text !== '42') throw new Error(`${name} answered ${JSON.stringify(first)} instead of 42`);
    for (let i = 0; i < 20; i++) await call();
    const started = performance.now();
    for (let i = 0; i < calls; i++) await call();
    return (performance.now() - started) / calls;
  } finally {
    await client.close();
  }
}
