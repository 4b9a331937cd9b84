/**
 * The official SDK v2 (`@modelcontextprotocol/server` 2.4, its Node adapter and its client, the release line of the
 * v2 client the tests pin) for the 2026-07-28 rows: installed at bench time into bench/.out/mcp-server-v2 (not a
 * project dependency), as the tests install the v2 client into test/.out, and loaded from there.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Where the SDK v2 packages are installed. */
export const sdkV2Dir = join(import.meta.dirname, '..', '.out', 'mcp-server-v2');

/** The packages, pinned (checked with `npm view` when the bench was written). */
export const sdkV2Packages = [
  '@modelcontextprotocol/server@2.4.0',
  '@modelcontextprotocol/node@2.1.2',
  '@modelcontextprotocol/client@2.4.0',
  'zod@4',
];

function present(spec: string): boolean {
  const at = spec.lastIndexOf('@');
  const file = join(sdkV2Dir, 'node_modules', spec.slice(0, at), 'package.json');
  if (!existsSync(file)) return false;
  const pinned = spec.slice(at + 1);
  return !/^\d+\.\d+\.\d+$/.test(pinned) || JSON.parse(readFileSync(file, 'utf8')).version === pinned;
}

/** Installs the SDK v2 packages into bench/.out/mcp-server-v2 unless each is there at its pinned version. */
export function ensureSdkV2(): void {
  if (sdkV2Packages.every(present)) return;
  mkdirSync(sdkV2Dir, { recursive: true });
  execFileSync('npm', ['install', '--prefix', sdkV2Dir, '--no-save', '--no-audit', '--no-fund', ...sdkV2Packages], {
    stdio: 'inherit',
    timeout: 300_000,
  });
  const missing = sdkV2Packages.filter((spec) => !present(spec));
  if (missing.length > 0) throw new Error(`npm install left ${missing.join(', ')} missing or at another version in ${sdkV2Dir}`);
}

/** Imports a module of the installed SDK v2 (`@modelcontextprotocol/server`, `@modelcontextprotocol/node`, `zod`, ...). */
export function loadSdkV2(name: string): Promise<any> {
  const from = createRequire(`${sdkV2Dir}/`);
  return import(pathToFileURL(from.resolve(name)).href);
}
