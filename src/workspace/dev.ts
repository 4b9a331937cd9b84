import { Fw } from '../core/fw';
import { platform, type PlatformHolder } from '../core/platform';
import type { Server } from '../core/types';
import { scanWorkspace, type ScanOptions, type ScannedApp, type WorkspaceFS } from './scan';
import type { WorkspaceAppContext, WorkspaceOptions } from './types';
import { createWorkspace, type Workspace } from './workspace';

/** Options of `startWorkspaceDev`. */
export interface WorkspaceDevOptions extends WorkspaceOptions, ScanOptions {
  /** The workspace folder (absolute). */
  root: string;
  /** The file system to scan (`node:fs/promises`). */
  fs: WorkspaceFS;
  /** Loads an entry module (default: the `importModule` of `platform`, the workspace's services, on its file URL; Node and Bun only). */
  importer?: (entry: string) => Promise<Record<string, unknown>>;
}

type AppModule = { default?: unknown; app?: unknown; setup?: unknown };

function fileUrl(path: string): string {
  return `file://${path.split('/').map(encodeURIComponent).join('/')}`;
}

async function importEntry(options: PlatformHolder, entry: string): Promise<Record<string, unknown>> {
  const importModule = await platform(
    options,
    'importModule',
    'startWorkspaceDev: this platform cannot import entry files at run time; pass { importer }',
  );
  return (await importModule(fileUrl(entry))) as Record<string, unknown>;
}

/**
 * Development launcher: scans `<root>/apps`, loads each entry (its default or `app` export is an fw app, or a
 * `setup(app, { name, bus })` function), mounts them in one workspace and listens.
 */
export async function startWorkspaceDev(
  options: WorkspaceDevOptions,
): Promise<{ workspace: Workspace; server: Server; apps: ScannedApp[] }> {
  if (!options || typeof options.root !== 'string' || !options.root.startsWith('/'))
    throw new TypeError('startWorkspaceDev needs an absolute "root" folder');
  const apps = await scanWorkspace(options.root, options.fs, options);
  if (apps.length === 0)
    throw new Error(
      `startWorkspaceDev: no apps found under ${options.root}/${options.appsDir ?? 'apps'} (each app is a folder with an index.ts)`,
    );
  const load = options.importer ?? ((entry: string) => importEntry(options, entry));
  const workspace = createWorkspace(options);
  for (const found of apps) {
    const mod = (await load(found.entry)) as AppModule;
    const exported = mod.default ?? mod.app ?? mod.setup;
    const mount = { prefix: found.prefix, host: found.host };
    if (exported instanceof Fw) workspace.appWith({ name: found.name, app: exported, ...mount });
    else if (typeof exported === 'function') workspace.app(found.name, mount, exported as (app: Fw, ctx: WorkspaceAppContext) => void);
    else throw new TypeError(`${found.entry} must export an fw app (default or "app") or a setup function`);
  }
  const server = await workspace.listen(options.port ?? 3000);
  return { workspace, server, apps };
}
