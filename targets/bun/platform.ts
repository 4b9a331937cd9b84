/** The services Bun lends fw's platform-neutral code (see src/core/platform.ts): Node's, with `Bun.serve` for `listen()`. */
import { providePlatform } from 'fw';
import { installNodePlatform } from '../node/platform';

/** Registers Bun's services: Node's file and import services, and the `Bun.serve` adapter for `listen()`. */
export function installBunPlatform(): void {
  installNodePlatform();
  providePlatform('adapter', async () => (await import('./adapter')).bun());
}
