/** The files both static-file bench contestants serve: a 2 KB stylesheet and a 300 KB binary. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const small = new TextEncoder().encode(`body{margin:0}\n${'.c{color:#123456;padding:1px 2px}\n'.repeat(60)}`);
export const large = new Uint8Array(300 * 1024).map((_, i) => (i * 7) % 251);

/** Writes style.css and big.bin into `dir`. */
export function writeBenchFiles(dir: string): void {
  writeFileSync(join(dir, 'style.css'), small);
  writeFileSync(join(dir, 'big.bin'), large);
}
