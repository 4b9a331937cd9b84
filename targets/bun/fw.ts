/** `fw` as Bun resolves it (the `bun` export condition): the platform-neutral package whose apps preset Bun's services. */
import { createDatabaseWith, createWorkspaceWith, databaseWith, fwWith, workspaceDevWith, workspaceWith } from '../node/entry-apps';
import { bunPlatform } from './platform';

import type { Fw as NeutralFw } from '../../src/app/fw';
import type { AppTypeArgs, NoTypes } from '../../src/core/typed-routes';
import type { Database as NeutralDatabase } from '../../src/db/database';
import type { Workspace as NeutralWorkspace } from '../../src/workspace/workspace';

export * from '../../src/index';

/** The types of the classes below: the neutral ones (this entry's only preset their services). */
export type Fw<T extends AppTypeArgs = NoTypes> = NeutralFw<T>;
export type Database = NeutralDatabase;
export type Workspace = NeutralWorkspace;

/** `fw`'s `Fw` with Bun's services preset. */
export const Fw = /* @__PURE__ */ fwWith(bunPlatform);
/** `fw`'s `Workspace`, its server and apps with Bun's services. */
export const Workspace = /* @__PURE__ */ workspaceWith(bunPlatform);
/** `createWorkspace()` whose server and apps have Bun's services. */
export const createWorkspace = /* @__PURE__ */ createWorkspaceWith(bunPlatform);
/** `startWorkspaceDev()` with Bun's services (entries imported at run time). */
export const startWorkspaceDev = /* @__PURE__ */ workspaceDevWith(bunPlatform);
/** `createDatabase()` whose databases import drivers and read migrations with Bun's services. */
export const createDatabase = /* @__PURE__ */ createDatabaseWith(bunPlatform);
/** `Database` that imports drivers and reads migrations with Bun's services. */
export const Database = /* @__PURE__ */ databaseWith(bunPlatform);
