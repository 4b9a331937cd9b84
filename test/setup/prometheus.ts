/**
 * Vitest global setup: the scrape tests run Debian's Prometheus server and its promtool (/usr/bin/prometheus,
 * /usr/bin/promtool). On a fresh machine they are not there yet; as root with apt-get (CI, a new dev box) this
 * installs the prometheus package once per run, elsewhere it says what to install, and the scrape tests then fail
 * with the spawn error.
 */
import { ensureDebianPackage } from './debian-package';

/** Where the scrape tests expect the Prometheus server. */
export const prometheusPath = '/usr/bin/prometheus';
/** Where the exposition tests expect promtool (same package). */
export const promtoolPath = '/usr/bin/promtool';

/** Installs Debian's prometheus package when it is missing and this process may (root, apt-get present). */
export default function ensurePrometheus(): void {
  ensureDebianPackage('prometheus', [prometheusPath, promtoolPath], 'the scrape tests');
}
