/**
 * What each tarball ships as documentation holds together: every package carries README.md, CHANGELOG.md and
 * LICENSE, and every relative link in every shipped Markdown file reaches a file of the same tarball (npm's page and
 * an installed copy resolve links only there; anything else must be an absolute URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { linkTarget, relativeLinks } from './markdown-links';
import { packedOnce } from './packed-project';
import { sh } from './run';

const root = fileURLToPath(new URL('../../', import.meta.url));
/** Where this file unpacks the run's tarballs (the tarballs themselves are shared and left alone). */
let unpacked: string | undefined;
/** Per package name, the paths of its tarball's files, relative to the package folder. */
const shipped = new Map<string, { dir: string; files: Set<string> }>();

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

beforeAll(async () => {
  const tarballs = await packedOnce(root);
  unpacked = mkdtempSync(join(tmpdir(), 'fw-shipped-docs-'));
  for (const [name, tarball] of tarballs) {
    const into = join(unpacked, name);
    mkdirSync(into, { recursive: true });
    await sh('tar', ['-xzf', tarball, '-C', into], into);
    const dir = join(into, 'package');
    shipped.set(name, { dir, files: new Set(filesUnder(dir).map((file) => relative(dir, file).split('\\').join('/'))) });
  }
}, 300_000);

afterAll(() => {
  if (unpacked) rmSync(unpacked, { recursive: true, force: true });
});

describe('the documentation each tarball ships', { timeout: 60_000 }, () => {
  it('packs fw, fw-mcp and fw-cli', () => {
    expect([...shipped.keys()]).toEqual(expect.arrayContaining(['fw', 'fw-mcp', 'fw-cli']));
  });

  it('has README.md, CHANGELOG.md and LICENSE in every package', () => {
    const missing = [...shipped].flatMap(([name, { files }]) =>
      ['README.md', 'CHANGELOG.md', 'LICENSE'].filter((file) => !files.has(file)).map((file) => `${name}: ${file}`),
    );
    expect(missing).toEqual([]);
  });

  it('links from every shipped Markdown file only to files of the same tarball', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const [name, { dir, files }] of shipped) {
      for (const file of [...files].filter((path) => path.endsWith('.md'))) {
        for (const href of relativeLinks(readFileSync(join(dir, file), 'utf8'))) {
          checked++;
          const target = linkTarget(file, href);
          if (!files.has(target) && !files.has(`${target}/README.md`)) broken.push(`${name}: ${file} -> ${href}`);
        }
      }
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(20);
  });
});
