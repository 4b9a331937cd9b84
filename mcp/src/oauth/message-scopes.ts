import type { Registry } from '../registry';

function param(message: unknown, ...path: string[]): unknown {
  let value: unknown = (message as { params?: unknown } | null)?.params;
  for (const key of path) value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  return value;
}

function resourceScopes(registry: Registry, uri: unknown): string[] | undefined {
  if (typeof uri !== 'string') return undefined;
  return registry.resources.get(uri)?.scopes ?? registry.matchTemplate(uri)?.entry.definition.scopes;
}

function completionScopes(registry: Registry, ref: unknown): string[] | undefined {
  const { type, name, uri } = (typeof ref === 'object' && ref !== null ? ref : {}) as Record<string, unknown>;
  if (type === 'ref/prompt' && typeof name === 'string') return registry.prompts.get(name)?.scopes;
  if (type === 'ref/resource' && typeof uri === 'string') return registry.templates.get(uri)?.definition.scopes;
  return undefined;
}

/**
 * The scopes a client message needs: those declared by the tool it calls (`tools/call`), the resource or template it
 * reads or subscribes to, the prompt it gets, or what a completion refers to. Anything else, and names the server
 * does not have (answered by the method itself), need none.
 */
export function scopesOfMessage(registry: Registry, message: unknown): string[] {
  const method = (message as { method?: unknown } | null)?.method;
  let scopes: string[] | undefined;
  switch (method) {
    case 'tools/call': {
      const name = param(message, 'name');
      scopes = typeof name === 'string' ? registry.toolNamed(name)?.scopes : undefined;
      break;
    }
    case 'resources/read':
    case 'resources/subscribe':
      scopes = resourceScopes(registry, param(message, 'uri'));
      break;
    case 'prompts/get': {
      const name = param(message, 'name');
      scopes = typeof name === 'string' ? registry.prompts.get(name)?.scopes : undefined;
      break;
    }
    case 'completion/complete':
      scopes = completionScopes(registry, param(message, 'ref'));
      break;
  }
  return scopes ?? [];
}

/** Every scope the registry's tools, resources, templates and prompts declare. */
export function declaredScopes(registry: Registry): Set<string> {
  const all = new Set<string>();
  const add = (scopes: string[] | undefined) => {
    for (const scope of scopes ?? []) all.add(scope);
  };
  for (const tool of registry.tools.values()) add(tool.scopes);
  for (const resource of registry.resources.values()) add(resource.scopes);
  for (const template of registry.templates.values()) add(template.definition.scopes);
  for (const prompt of registry.prompts.values()) add(prompt.scopes);
  return all;
}

/** What a client message asks for, in words (`the tool "deploy"`), for the 403's description. */
export function operationOf(message: unknown): string {
  const method = (message as { method?: unknown } | null)?.method;
  const name = param(message, 'name');
  const uri = param(message, 'uri');
  if (method === 'tools/call') return `the tool ${JSON.stringify(name)}`;
  if (method === 'prompts/get') return `the prompt ${JSON.stringify(name)}`;
  if (method === 'resources/read' || method === 'resources/subscribe') return `the resource ${JSON.stringify(uri)}`;
  return `${String(method)} of ${JSON.stringify(param(message, 'ref', 'name') ?? param(message, 'ref', 'uri'))}`;
}
