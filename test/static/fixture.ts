/** A throw-away site on disk for the static-file tests, with a secret outside it and symlinks pointing out. */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Site {
  dir: string;
  root: string;
  big: Uint8Array;
  remove(): void;
}

/** Writes the site: pages, a 300 KB binary, a directory without index, dotfiles, and links in and out of root. */
export function makeSite(): Site {
  const dir = mkdtempSync(join(tmpdir(), 'fw-static-'));
  const root = join(dir, 'public');
  mkdirSync(join(root, 'docs'), { recursive: true });
  mkdirSync(join(root, 'sub', 'deeper'), { recursive: true });
  mkdirSync(join(dir, 'outside'));
  writeFileSync(join(dir, 'outside', 'secret.txt'), 'TOP SECRET');
  writeFileSync(join(root, 'index.html'), '<h1>home</h1>');
  writeFileSync(join(root, 'style.css'), 'body{color:red}');
  writeFileSync(join(root, 'app.js'), 'console.log(1)');
  writeFileSync(join(root, 'data.json'), '{"a":1}');
  writeFileSync(join(root, 'font.woff2'), 'wOF2');
  writeFileSync(join(root, 'blob.unknownext'), 'x');
  writeFileSync(join(root, 'digits.txt'), '0123456789');
  writeFileSync(join(root, 'docs', 'index.html'), '<h1>docs</h1>');
  writeFileSync(join(root, 'sub', 'a<b>.txt'), 'angle');
  writeFileSync(join(root, 'sub', 'hello world.txt'), 'spaced');
  writeFileSync(join(root, 'sub', '.hidden'), 'hidden');
  writeFileSync(join(root, '.env'), 'PASSWORD=hunter2');
  const big = new Uint8Array(300 * 1024).map((_, i) => i % 251);
  writeFileSync(join(root, 'big.bin'), big);
  symlinkSync(join(dir, 'outside', 'secret.txt'), join(root, 'escape.txt'));
  symlinkSync(join(dir, 'outside'), join(root, 'linkdir'));
  symlinkSync(join(root, 'style.css'), join(root, 'alias.css'));
  return { dir, root, big, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
