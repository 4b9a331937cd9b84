/**
 * Vitest global setup: the browser tests drive Debian's Chromium at /usr/bin/chromium (see the README's Tests
 * section). On a fresh machine it is not there yet; as root with apt-get (CI, a new dev box) this installs it,
 * elsewhere it says what to install, and the browser tests then fail with Playwright's own "executable doesn't exist".
 */
import { ensureDebianPackage } from './debian-package';

/** Where the browser tests expect Chromium. */
export const chromiumPath = '/usr/bin/chromium';

/** Installs Debian's chromium package when it is missing and this process may (root, apt-get present). */
export default function ensureChromium(): void {
  ensureDebianPackage('chromium', [chromiumPath], 'the browser tests');
}
