/**
 * The app classes of a runtime's `fw` entry (Node's, Bun's): `Fw`, `Workspace` and the factories that make apps
 * or databases, each presetting that runtime's platform services. They are subclasses or wrappers of the
 * platform-neutral ones, so no other app in the process (a fw/core app, an app of the neutral `fw`) gets those
 * services unless it is given them. Each maker is a pure call, so a bundle drops the ones the app does not import.
 */
import { Fw as NeutralFw, type FwConfig } from '../../src/app/fw';
import type { Platform } from '../../src/core/platform';
import type { AppTypeArgs, BindingsOf, DecorationsOf, NoTypes, RoutesIn, StateOf } from '../../src/core/typed-routes';
import { Database as NeutralDatabase } from '../../src/db/database';
import type { DatabaseConfig } from '../../src/db/types';
import { startWorkspaceDev as neutralWorkspaceDev, type WorkspaceDevOptions } from '../../src/workspace/dev';
import type { WorkspaceOptions } from '../../src/workspace/types';
import { Workspace as NeutralWorkspace } from '../../src/workspace/workspace';

/** `Fw` whose apps have `services` unless given their own `platform`. */
export function fwWith(services: Platform): typeof NeutralFw {
  return class Fw<
    T extends AppTypeArgs = NoTypes,
    D extends object = DecorationsOf<T>,
    St extends object = StateOf<T>,
    Routes = RoutesIn<T>,
    E = BindingsOf<T>,
  > extends NeutralFw<T, D, St, Routes, E> {
    constructor(config: FwConfig = {}) {
      super(config);
      this.platform ??= services;
    }
  };
}

/** `Workspace` whose server and apps have `services` unless given their own `platform`. */
export function workspaceWith(services: Platform): typeof NeutralWorkspace {
  return class Workspace extends NeutralWorkspace {
    constructor(options: WorkspaceOptions = {}) {
      super(options?.platform ? options : { ...options, platform: services });
    }
  };
}

/** `createWorkspace()` of `workspaceWith(services)`. */
export function createWorkspaceWith(services: Platform): (options?: WorkspaceOptions) => NeutralWorkspace {
  const Workspace = workspaceWith(services);
  return (options = {}) => new Workspace(options);
}

/** `startWorkspaceDev()` whose workspace has `services` and imports entries through them. */
export function workspaceDevWith(services: Platform): typeof neutralWorkspaceDev {
  return (options: WorkspaceDevOptions) => neutralWorkspaceDev(!options || options.platform ? options : { ...options, platform: services });
}

/** `Database` whose databases import drivers and read migrations through `services` unless given their own. */
export function databaseWith(services: Platform): typeof NeutralDatabase {
  return class Database extends NeutralDatabase {
    constructor(config: DatabaseConfig) {
      super(config && typeof config === 'object' && !config.platform ? { ...config, platform: services } : config);
    }
  };
}

/** `createDatabase()` of `databaseWith(services)`. */
export function createDatabaseWith(services: Platform): (config: DatabaseConfig) => NeutralDatabase {
  const Database = databaseWith(services);
  return (config) => new Database(config);
}
