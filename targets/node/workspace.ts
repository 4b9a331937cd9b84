/** `fw/workspace` as Node resolves it: the neutral module, with `fw`'s Node `Workspace`, `createWorkspace` and `startWorkspaceDev`. */
export * from '../../src/workspace/index';
export { Workspace, createWorkspace, startWorkspaceDev } from './presets';
