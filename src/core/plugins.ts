import type { FwPluginConfig } from './types';

/** Orders plugins so each comes after its dependencies; a cycle is an error naming it. */
export function sortPlugins(plugins: FwPluginConfig[], registered: (name: string) => boolean): FwPluginConfig[] {
  const byName = new Map(plugins.map((p) => [p.name, p]));
  const ordered: FwPluginConfig[] = [];
  const visit = (plugin: FwPluginConfig, trail: string[]): void => {
    if (ordered.includes(plugin)) return;
    if (trail.includes(plugin.name)) throw cycle([...trail.slice(trail.indexOf(plugin.name)), plugin.name]);
    for (const dep of plugin.dependencies ?? []) {
      const inList = byName.get(dep);
      if (inList) visit(inList, [...trail, plugin.name]);
      else if (!registered(dep)) throw missingDependency(plugin.name, dep);
    }
    ordered.push(plugin);
  };
  for (const plugin of plugins) visit(plugin, []);
  return ordered;
}

function cycle(names: string[]): Error {
  return new Error(`Plugin dependency cycle: ${names.join(' -> ')}`);
}

/** The error for a plugin registered before one it depends on. */
export function missingDependency(plugin: string, dependency: string): Error {
  return new Error(`Plugin "${plugin}" depends on "${dependency}", which is not registered: register it first`);
}

/** Checks a plugin config before registration, with a message saying what is wrong. */
export function assertPlugin(plugin: unknown): asserts plugin is FwPluginConfig {
  const { name, dependencies } = (plugin ?? {}) as Partial<FwPluginConfig>;
  if (typeof plugin !== 'object' || typeof name !== 'string' || !name) throw new TypeError('A plugin needs a non-empty string "name"');
  if (dependencies !== undefined && (!Array.isArray(dependencies) || dependencies.some((d) => typeof d !== 'string')))
    throw new TypeError(`Plugin "${name}": "dependencies" must be a list of plugin names`);
  if (dependencies?.includes(name)) throw cycle([name, name]);
}
