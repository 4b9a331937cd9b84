/** Reading declared client capabilities by path (`elicitation.url`), and keeping them as a flat list of paths. */

type Capabilities = Record<string, unknown>;

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Whether the capabilities declare `path` (`sampling`, `sampling.tools`): every step present and an object. */
export function declares(capabilities: Capabilities, path: string): boolean {
  let node: unknown = capabilities;
  for (const step of path.split('.')) {
    if (!isObject(node) || !isObject(node[step])) return false;
    node = node[step];
  }
  return true;
}

/** The declared capabilities as paths two levels deep (`elicitation`, `elicitation.url`), for compact storage. */
export function capabilityPaths(capabilities: Capabilities | null): string[] {
  const paths: string[] = [];
  for (const [name, value] of Object.entries(capabilities ?? {})) {
    if (!isObject(value)) continue;
    paths.push(name);
    for (const [sub, inner] of Object.entries(value)) if (isObject(inner)) paths.push(`${name}.${sub}`);
  }
  return paths;
}

/** Rebuilds capabilities from `capabilityPaths` (values other than strings are ignored). */
export function capabilitiesFromPaths(paths: unknown[]): Capabilities {
  const capabilities: Record<string, Record<string, object>> = {};
  for (const path of paths) {
    if (typeof path !== 'string' || path === '') continue;
    const [name, sub] = path.split('.', 2);
    capabilities[name] ??= {};
    if (sub !== undefined && sub !== '') capabilities[name][sub] = {};
  }
  return capabilities;
}
