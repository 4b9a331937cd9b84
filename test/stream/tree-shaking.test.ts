/**
 * fw/streaming and fw/proxy cost nothing when not imported: a one-route worker bundle of `fw/core` or of `fw`
 * carries none of their code, and a worker that imports one carries only its own files (esbuild, worker conditions).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keptInputs } from '../targets/worker/helpers';

const dir = mkdtempSync(join(tmpdir(), 'fw-shake-'));

/** The fw source files (relative to the repository) whose code a worker bundle of `source` keeps. */
function keptFiles(source: string): Promise<string[]> {
  const entry = join(dir, `entry-${Math.random().toString(36).slice(2)}.ts`);
  writeFileSync(entry, source);
  return keptInputs(entry);
}

const ours = (files: string[]) => files.filter((file) => /^src\/(stream|proxy)\//.test(file));

describe('tree-shaking of fw/streaming and fw/proxy', () => {
  it('leaves both out of a one-route fw/core worker and a one-route fw worker', async () => {
    const route = "export default { fetch: new Fw().get('/', () => 'hi').fetch };";
    expect(ours(await keptFiles(`import { Fw } from 'fw/core';\n${route}`))).toEqual([]);
    expect(ours(await keptFiles(`import { Fw } from 'fw';\n${route}`))).toEqual([]);
  });

  it('keeps only the streaming files for streamSSE, and only the proxy files (no ipaddr.js) for proxy()', async () => {
    const sse = await keptFiles(
      "import { Fw } from 'fw/core';\nimport { streamSSE } from 'fw/streaming';\nexport default { fetch: new Fw().get('/', (ctx) => streamSSE(ctx, async () => {})).fetch };",
    );
    expect(ours(sse).every((file) => file.startsWith('src/stream/'))).toBe(true);
    const forward = await keptFiles(
      "import { Fw } from 'fw/core';\nimport { proxy } from 'fw/proxy';\nexport default { fetch: new Fw().all('/*', proxy({ upstream: 'http://127.0.0.1:4000' })).fetch };",
    );
    expect(ours(forward).every((file) => file.startsWith('src/proxy/'))).toBe(true);
    expect(forward.some((file) => file.includes('ipaddr'))).toBe(false);
  });
});
