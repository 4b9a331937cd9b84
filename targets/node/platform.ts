/**
 * The services Node lends fw's platform-neutral code (see src/core/platform.ts), each loaded on first use. A literal
 * `import('./x')` puts x in every bundle whose code can reach it, so the `node:http` server (with `ws`) is reached
 * two ways: imported directly where an app already holds it (fw/node: platform-server.ts), by name at run time for
 * `fw` itself (here).
 */
import type { Adapter } from '../../src/core/types';
import { hasPlatform, providePlatform } from '../../src/core/platform';
import { LightResponse } from './light-response';
import { importModule } from './platform-import';
import { installNodeServices } from './platform-services';

export { installNodeServices };

/**
 * Registers Node's services and, unless fw/node (loaded first, as a bundle's `inject` is) registered its own, an
 * adapter that imports fw/node by name when `listen()` first asks: `fw` under the `node` condition, so that a bundle
 * of an app that never listens (Lambda's) holds no HTTP server.
 */
export function installNodeEntryPlatform(): void {
  installNodeServices();
  if (!hasPlatform('adapter')) providePlatform('adapter', adapterOfFwNode);
}

/** The part of fw/node the run-time adapter reads. */
interface FwNode {
  node(): Adapter;
  LightResponse: unknown;
}

/**
 * `node()` from fw/node, imported by name. Fails, saying what to do, where fw/node is not installed (a bundle shipped
 * without node_modules) or is another copy of fw than the one running (a bundle holding fw, with node_modules).
 */
async function adapterOfFwNode(): Promise<Adapter> {
  const fwNode = (await importModule('fw/node')) as FwNode;
  if (fwNode.LightResponse !== LightResponse) {
    throw new Error(
      'fw/node was found at run time, but it is another copy of fw than the one this app runs on (fw is bundled); import { node } from "fw/node" in the app so the bundle holds it',
    );
  }
  return fwNode.node();
}
