/**
 * yaml is an optional peer of fw: `npm i fw` does not install it, and `registerYamlFormat()` is where an app finds
 * out. The same bundle of the format's code (yaml left out, as an app's bundle leaves an optional peer to Node) runs
 * once in a folder where no `yaml` package resolves and once inside the repository, where it does.
 */
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sh } from './run';

const root = fileURLToPath(new URL('../../', import.meta.url));
const entry = `
import { registerYamlFormat } from ${JSON.stringify(join(root, 'src/schema/yaml-format.ts'))};
import { listFormats } from ${JSON.stringify(join(root, 'src/core/formats.ts'))};
const out = [];
const app = { getFormat() {} };
for (let attempt = 0; attempt < 2; attempt++) {
  try {
    const format = await registerYamlFormat(app);
    out.push(format.serialize({ a: 1 }).trim());
  } catch (error) {
    out.push(error.message);
  }
}
out.push(listFormats(app).map((format) => format.name).join(','));
console.log(JSON.stringify(out));
`;
const outside = mkdtempSync(join(tmpdir(), 'fw-yaml-peer-'));
const inside = join(root, 'test', '.out', 'yaml-peer');

/** Bundles the entry into `dir` with yaml external, runs it with node and returns what it printed. */
async function runIn(dir: string): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  const outfile = join(dir, 'yaml-peer.mjs');
  await build({
    stdin: { contents: entry, resolveDir: root, loader: 'js' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    external: ['yaml'],
    outfile,
    logLevel: 'silent',
  });
  return JSON.parse(await sh(process.execPath, [outfile], dir)) as string[];
}

beforeAll(() => mkdirSync(inside, { recursive: true }));
afterAll(() => {
  rmSync(outside, { recursive: true, force: true });
  rmSync(inside, { recursive: true, force: true });
});

describe('registerYamlFormat and the optional yaml peer', () => {
  it('without yaml installed, rejects (every call) with what to install and registers nothing', async () => {
    const [first, second, formats] = await runIn(outside);
    expect(first).toMatch(/^registerYamlFormat\(\) needs the yaml package, an optional peer dependency of fw: npm i yaml \(.*yaml/);
    expect(second).toBe(first);
    expect(formats.split(',')).not.toContain('yaml');
  });

  it('with yaml installed, the same bundle registers the format', async () => {
    const [first, second, formats] = await runIn(inside);
    expect(first).toBe('a: 1');
    expect(second).toBe('a: 1');
    expect(formats.split(',')).toContain('yaml');
  });
});
