/**
 * Vitest global setup: the browser tests drive Debian's Chromium at /usr/bin/chromium (see the README's Tests
 * section). On a fresh machine it is not there yet; as root with apt-get (CI, a new dev box) this installs it,
 * elsewhere it says what to install, and the browser tests then fail with Playwright's own "executable doesn't exist".
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Where the browser tests expect Chromium. */
export const chromiumPath = '/usr/bin/chromium';

/** Installs Debian's chromium package when it is missing and this process may (root, apt-get present). */
export default function ensureChromium(): void {
  if (existsSync(chromiumPath)) return;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!root || !existsSync('/usr/bin/apt-get')) {
    console.warn(
      `[test setup] ${chromiumPath} is missing: install Debian's chromium package (apt-get install chromium) for the browser tests.`,
    );
    return;
  }
  console.warn(`[test setup] ${chromiumPath} is missing: installing Debian's chromium package (apt-get), once.`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: ['ignore', 'ignore', 'inherit'], env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], { stdio: ['ignore', 'ignore', 'inherit'], env });
}
