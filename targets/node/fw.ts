/**
 * `fw` as Node resolves it (the `node` export condition): the whole platform-neutral package, whose `Fw`,
 * workspaces and `createDatabase` preset Node's services (file routes and static files from disk, run-time driver
 * imports, and the `listen()` adapter, which imports fw/node on first use so that bundles that never listen, such
 * as Lambda's, hold no HTTP server). Other apps in the process (fw/core's) get none of them.
 */
export * from '../../src/index';
export { Fw, Workspace, createWorkspace, startWorkspaceDev, createDatabase, Database } from './presets';
