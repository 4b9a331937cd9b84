/**
 * Node's platform for fw/node: its services and `listen()`'s `node:http` adapter, imported statically (fw/node's
 * bundle holds the adapter already). Kept apart from platform.ts, which `fw`'s Node entry imports: a literal
 * `import('./adapter')` reachable from there made bundlers wrap every module of `fw` in a lazy initializer (the
 * adapter's modules import `fw` back), which a Lambda bundle paid for at every cold start.
 */
import type { Platform } from '../../src/core/platform';
import { node } from './adapter';
import { nodeServices } from './platform-services';

/** Node's services with `node()`, with its default options, as the adapter `listen()` serves through. */
export const nodePlatform: Platform = { ...nodeServices, adapter: () => node() };
