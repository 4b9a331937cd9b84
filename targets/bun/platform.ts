/** The services Bun lends fw's platform-neutral code (see src/core/platform.ts): Node's, with `Bun.serve` for `listen()`. */
import type { Platform } from '../../src/core/platform';
import { databaseService } from '../node/platform';
import { nodeServices } from '../node/platform-services';

/** Bun's services: Node's (imports, files, uploads, migrations, signals, the database), and the `Bun.serve` adapter. */
export const bunPlatform: Platform = {
  ...nodeServices,
  ...databaseService(),
  adapter: async () => (await import('./adapter')).bun(),
};
