import type { FwPluginConfig } from './types';

/** Orders plugins so each comes after its dependencies; a cycle is an error naming it. */
export function sortPlugins(plugins: FwPluginConfig[], registered: (name: string) => boolean): FwPluginConfig[] {
  const byName = new Map(plugins.map((p) => [p.name, p]));
  const ordered: FwPluginConfig[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (plugin: FwPluginConfig, trail: string[]): void => {
    const mark = state.get(plugin.name);
    if (mark === 'done') return;
    if (mark === 'visiting') {
      const cycle = [...trail.slice(trail.indexOf(plugin.name)), plugin.name];
      throw new Error(`Plugin dependency cycle: ${cycle.join(' -> ')}`);
    }
    state.set(plugin.name, 'visiting');
    for (const dep of plugin.dependencies ?? []) {
      const inList = byName.get(dep);
      if (inList) visit(inList, [...trail, plugin.name]);
      else if (!registered(dep)) throw missingDependency(plugin.name, dep);
    }
    state.set(plugin.name, 'done');
    ordered.push(plugin);
  };
  for (const plugin of plugins) visit(plugin, []);
  return ordered;
}

/** The error for a plugin registered before one it depends on. */
export function missingDependency(plugin: string, dependency: string): Error {
  return new Error(`Plugin "${plugin}" depends on "${dependency}", which is not registered: register "${dependency}" first`);
}

/** Checks a plugin config before registration, with a message saying what is wrong. */
export function assertPlugin(plugin: unknown): asserts plugin is FwPluginConfig {
  if (!plugin || typeof plugin !== 'object' || typeof (plugin as FwPluginConfig).name !== 'string' || !(plugin as FwPluginConfig).name) {
    throw new TypeError('A plugin needs a non-empty string "name"');
  }
  const deps = (plugin as FwPluginConfig).dependencies;
  if (deps !== undefined && (!Array.isArray(deps) || deps.some((d) => typeof d !== 'string'))) {
    throw new TypeError(`Plugin "${(plugin as FwPluginConfig).name}": "dependencies" must be a list of plugin names`);
  }
  if ((deps ?? []).includes((plugin as FwPluginConfig).name)) {
    throw new Error(`Plugin dependency cycle: ${(plugin as FwPluginConfig).name} -> ${(plugin as FwPluginConfig).name}`);
  }
}
