/**
 * `fw` as Node resolves it (the `node` export condition): the whole platform-neutral package, with Node's services
 * registered (the `listen()` adapter, file routes and static files from disk, run-time driver imports).
 */
import { installNode } from './install';

export * from '../../src/index';

installNode();
