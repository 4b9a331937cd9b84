/** The services Bun lends fw's platform-neutral code (see src/core/platform.ts): Node's, with `Bun.serve` for `listen()`. */
import { providePlatform } from '../../src/core/platform';
import { installNodeServices } from '../node/platform';

/** Registers Bun's services: Node's (imports, files, uploads, migrations, signals), and the `Bun.serve` adapter. */
export function installBunPlatform(): void {
  installNodeServices();
  providePlatform('adapter', async () => (await import('./adapter')).bun());
}
