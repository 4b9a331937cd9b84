/**
 * What the global setups of Chromium and Prometheus share: a Debian package the integration tests need, installed
 * once per run when it is missing and this process may (root, apt-get present); elsewhere a line saying what to
 * install, and the tests that need it then fail with their own spawn error.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Installs Debian's `pkg` unless every one of `paths` exists; `purpose` names the tests that need it. */
export function ensureDebianPackage(pkg: string, paths: string[], purpose: string): void {
  if (paths.every((path) => existsSync(path))) return;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!root || !existsSync('/usr/bin/apt-get')) {
    console.warn(`[test setup] ${paths[0]} is missing: install Debian's ${pkg} package (apt-get install ${pkg}) for ${purpose}.`);
    return;
  }
  console.warn(`[test setup] ${paths[0]} is missing: installing Debian's ${pkg} package (apt-get), once.`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: ['ignore', 'ignore', 'inherit'], env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', pkg], { stdio: ['ignore', 'ignore', 'inherit'], env });
}
