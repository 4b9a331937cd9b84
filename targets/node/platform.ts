/**
 * The services Node lends the apps of `fw`'s Node entry (see src/core/platform.ts), each loaded on first use. A
 * literal `import('./x')` puts x in every bundle whose code can reach it, so the `node:http` server (with `ws`) is
 * reached two ways: imported directly where an app already holds it (fw/node: platform-server.ts), by name at run
 * time for `fw` itself (here).
 */
import type { Platform } from '../../src/core/platform';
import type { Adapter } from '../../src/core/types';
import { databaseFactory } from './entry-database';
import { importModule } from './platform-import';
import { installNodeServices, nodeServices } from './platform-services';

export { installNodeServices, nodeServices };

/**
 * Node's services, the `database` service, and an adapter that imports fw/node by name when `listen()` first asks: what `fw`'s Node entry
 * presets on its apps, so that a bundle of an app that never listens (Lambda's) holds no HTTP server.
 */
export const nodeEntryPlatform: Platform = { ...nodeServices, adapter: bundledAdapter(), ...databaseService() };

/**
 * fw/node's `node()` when a bundle holds fw/node (`bundleConfig('node')` injects it, and esbuild's `inject` then
 * binds this free name to fw/node's export of it), else nothing; never a global set at run time.
 */
declare const __fwNodeAdapter: (() => Adapter) | undefined;

/** The adapter loader: fw/node's `node()` where the bundle holds it, else fw/node imported by name. */
function bundledAdapter(): () => Adapter | Promise<Adapter> {
  const inBundle = typeof __fwNodeAdapter === 'function' ? __fwNodeAdapter : null;
  return inBundle ? () => inBundle() : adapterOfFwNode;
}

/** The `database` service where the db module is at hand (installed, or bundled by `fw build` for an app that names one). */
export function databaseService(): Platform {
  const make = databaseFactory;
  return make ? { database: () => make } : {};
}

/** The part of fw/node the run-time adapter reads. */
interface FwNode {
  node(): Adapter;
  nodeServices: unknown;
}

/**
 * `node()` from fw/node, imported by name. Fails, saying what to do, where fw/node is not installed (a bundle shipped
 * without node_modules) or is another copy of fw than the one running (a bundle holding fw, with node_modules).
 */
async function adapterOfFwNode(): Promise<Adapter> {
  const fwNode = (await importModule('fw/node')) as FwNode;
  if (fwNode.nodeServices !== nodeServices) {
    throw new Error(
      'fw/node was found at run time, but it is another copy of fw than the one this app runs on (fw is bundled); import { node } from "fw/node" in the app and pass new Fw({ adapter: node() }) so the bundle holds it',
    );
  }
  return fwNode.node();
}
