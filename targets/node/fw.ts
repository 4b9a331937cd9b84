/**
 * `fw` as Node resolves it (the `node` export condition): the whole platform-neutral package, with Node's services
 * registered (file routes and static files from disk, run-time driver imports, and the `listen()` adapter, which
 * imports fw/node on first use so that bundles that never listen, such as Lambda's, hold no HTTP server).
 */
import { installNodeEntryPlatform } from './platform';

export * from '../../src/index';

installNodeEntryPlatform();
