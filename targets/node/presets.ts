/**
 * The classes and factories of fw's Node entries that preset Node's services (file routes and static files from
 * disk, run-time driver imports, migration folders, the `listen()` adapter). `fw`, `fw/db` and `fw/workspace` as
 * Node resolves them all export these, so the three entries hand out the same objects.
 */
import { createDatabaseWith, createWorkspaceWith, databaseWith, fwWith, workspaceDevWith, workspaceWith } from './entry-apps';
import { nodeEntryPlatform } from './platform';

import type { Fw as NeutralFw } from '../../src/app/fw';
import type { AppTypeArgs, NoTypes } from '../../src/core/typed-routes';
import type { Database as NeutralDatabase } from '../../src/db/database';
import type { Workspace as NeutralWorkspace } from '../../src/workspace/workspace';

/** The types of the classes below: the neutral ones (these only preset their services). */
export type Fw<T extends AppTypeArgs = NoTypes> = NeutralFw<T>;
export type Database = NeutralDatabase;
export type Workspace = NeutralWorkspace;

/** `fw`'s `Fw` with Node's services preset. */
export const Fw = /* @__PURE__ */ fwWith(nodeEntryPlatform);
/** `fw`'s `Workspace`, its server and apps with Node's services. */
export const Workspace = /* @__PURE__ */ workspaceWith(nodeEntryPlatform);
/** `createWorkspace()` whose server and apps have Node's services. */
export const createWorkspace = /* @__PURE__ */ createWorkspaceWith(nodeEntryPlatform);
/** `startWorkspaceDev()` with Node's services (entries imported at run time). */
export const startWorkspaceDev = /* @__PURE__ */ workspaceDevWith(nodeEntryPlatform);
/** `createDatabase()` whose databases import drivers and read migrations with Node's services. */
export const createDatabase = /* @__PURE__ */ createDatabaseWith(nodeEntryPlatform);
/** `Database` that imports drivers and reads migrations with Node's services. */
export const Database = /* @__PURE__ */ databaseWith(nodeEntryPlatform);
