/** `fw/db` as Node resolves it: the neutral module, with `fw`'s Node `Database` and `createDatabase` (Node's services preset). */
export * from '../../src/db/index';
export { createDatabase, Database } from './presets';
