/**
 * Another Node major for a bench to run its children under, from the npm registry's `node` package (the official
 * binary, installed at bench time into bench/.out/node<major>, as the tests install node@22 for Node-22 clients).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The path of a Node `major` binary, installed into bench/.out/node<major> unless it is there. */
export function nodeBinary(major: number): string {
  const dir = join(import.meta.dirname, '..', '.out', `node${major}`);
  const binary = join(dir, 'node_modules', 'node', 'bin', 'node');
  if (!existsSync(binary))
    execFileSync('npm', ['install', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', `node@${major}`], {
      stdio: 'inherit',
      timeout: 300_000,
    });
  if (!existsSync(binary)) throw new Error(`npm install node@${major} left no binary at ${binary}`);
  return binary;
}

/** The version a Node binary reports (`v24.21.0`). */
export function nodeVersion(binary: string): string {
  return execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
}
