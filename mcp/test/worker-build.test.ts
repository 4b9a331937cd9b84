/**
 * fw-mcp as a worker bundles it: mcp/package.json's `imports` give `#stdio` to workers (conditions workerd, worker,
 * browser) as a module with no transport, so `start('stdio')` fails at once and names the HTTP transport, and the
 * worker bundle (the bench's, resolved through the package's exports and imports) has neither the stdio transport nor
 * the circuit breaker; Node and Bun keep stdio.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleSize, workerBundle } from '../../bench/mcp/bundle-size';

const stdioRefused = /^stdio is not available in a worker; use the HTTP transport: app\.plugin\(createMCPPlugin\(server\)\)/;
const dir = mkdtempSync(join(tmpdir(), 'fw-mcp-worker-build-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Bundles `source` as a worker and imports the bundle in this process. */
async function asWorker(name: string, source: string): Promise<Record<string, unknown>> {
  const entry = join(dir, `${name}.ts`);
  writeFileSync(entry, source);
  const outfile = join(dir, `${name}.mjs`);
  writeFileSync(outfile, (await workerBundle(entry)).code);
  return import(pathToFileURL(outfile).href);
}

describe("fw-mcp's worker build", () => {
  it("refuses start('stdio') and start() at once, naming the HTTP transport, on both servers", async () => {
    const { refusals } = await asWorker(
      'stdio',
      "import { createMCPServer } from 'fw-mcp';\nimport { createPlainMCPServer } from 'fw-mcp/plain';\n" +
        'const refusal = (start: () => unknown) => { try { start(); return null; } catch (error) { return (error as Error).message; } };\n' +
        'const servers = [createMCPServer(null), createPlainMCPServer(null)];\n' +
        "export const refusals = servers.flatMap((server) => [refusal(() => server.start('stdio')), refusal(() => server.start())]);\n",
    );
    expect(refusals).toEqual([
      expect.stringMatching(stdioRefused),
      expect.stringMatching(stdioRefused),
      expect.stringMatching(stdioRefused),
      expect.stringMatching(stdioRefused),
    ]);
  });

  it('serves a configured StdioTransport all the same (only the process streams are missing)', async () => {
    const { answer } = await asWorker(
      'configured',
      "import { createMCPServer, StdioTransport } from 'fw-mcp';\nconst written: string[] = [];\n" +
        'const input = new ReadableStream<string>({ start(c) { c.enqueue(\'{"jsonrpc":"2.0","id":1,"method":"ping"}\\n\'); c.close(); } });\n' +
        'await createMCPServer(null).start(new StdioTransport({ input, output: { write: (line: string) => written.push(line) } }));\n' +
        "export const answer = JSON.parse(written.join(''));\n",
    );
    expect(answer).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });

  it("leaves stdio and the circuit breaker out of the bench's worker bundle", async () => {
    const { files } = await bundleSize('workers/fw-mcp.ts');
    expect(files).toContain('mcp/src/stdio/unavailable.ts');
    expect(files.filter((file) => file.startsWith('mcp/src/stdio/') && file !== 'mcp/src/stdio/unavailable.ts')).toEqual([]);
    for (const breaker of ['breaker', 'registry', 'options']) expect(files).not.toContain(`src/circuit-breaker/${breaker}.ts`);
  });
});
