/** How the example runs wrangler: the local binary, with the environment that keeps it offline and quiet. */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (where wrangler.toml lives). */
export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The wrangler CLI script of the installed package. */
export const wranglerBin = createRequire(join(root, 'package.json')).resolve('wrangler/bin/wrangler.js');

/**
 * No login, no metrics, no `cf` fetch, no update check (it rides on the banner), no prompts;
 * wrangler's config folder inside the project (.xdg, git-ignored).
 */
export function offlineEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    CI: 'true',
    WRANGLER_SEND_METRICS: 'false',
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    WRANGLER_HIDE_BANNER: 'true',
    XDG_CONFIG_HOME: join(root, '.xdg'),
  };
}
