/** The services Bun lends fw's platform-neutral code (see src/core/platform.ts): Node's, with `Bun.serve` for `listen()`. */
import { providePlatform } from '../../src/core/platform';
import { installServerMethods } from '../../src/core/server-methods';
import { installNodeServices } from '../node/platform';

/** Registers Bun's services: Node's (imports, files, uploads, migrations, signals), the `Bun.serve` adapter and `app.listen()`. */
export function installBunPlatform(): void {
  installNodeServices();
  installServerMethods();
  providePlatform('adapter', async () => (await import('./adapter')).bun());
}
