import { toResourceContents } from '../content';
import { ErrorCode, RpcError } from '../jsonrpc';
import { paginate } from '../pagination';
import type { RequestContext } from '../request-context';
import type { Registry } from '../registry';
import type { MCPResource, ResourceContents } from '../types';
import { describe, stringParam } from './params';

const resourceFields = ['uri', 'name', 'title', 'description', 'mimeType', 'size', 'icons', 'annotations', '_meta'] as const;
const templateFields = ['uriTemplate', 'name', 'title', 'description', 'mimeType', 'icons', 'annotations', '_meta'] as const;

/** `resources/list`: one page of fixed resources. */
export function listResources(registry: Registry, params: Record<string, any> | undefined, pageSize: number): Record<string, unknown> {
  const page = paginate([...registry.resources.values()], params?.cursor, pageSize);
  const result: Record<string, unknown> = { resources: page.items.map((r) => describe(r, resourceFields)) };
  if (page.nextCursor) result.nextCursor = page.nextCursor;
  return result;
}

/** `resources/templates/list`: one page of resource templates. */
export function listTemplates(registry: Registry, params: Record<string, any> | undefined, pageSize: number): Record<string, unknown> {
  const page = paginate([...registry.templates.values()], params?.cursor, pageSize);
  const result: Record<string, unknown> = { resourceTemplates: page.items.map((t) => describe(t.definition, templateFields)) };
  if (page.nextCursor) result.nextCursor = page.nextCursor;
  return result;
}

async function readFixed(resource: MCPResource, ctx: RequestContext): Promise<ResourceContents[]> {
  if (resource.handler) return toResourceContents(resource.uri, resource.mimeType, await resource.handler(resource.uri, ctx));
  const base = resource.mimeType === undefined ? { uri: resource.uri } : { uri: resource.uri, mimeType: resource.mimeType };
  return [resource.text !== undefined ? { ...base, text: resource.text } : { ...base, blob: resource.blob! }];
}

/** `resources/read`: a fixed resource first, else the first matching template; unknown URIs are -32002. */
export async function readResource(
  registry: Registry,
  params: Record<string, any> | undefined,
  ctx: RequestContext,
): Promise<Record<string, unknown>> {
  const uri = stringParam(params, 'uri');
  const fixed = registry.resources.get(uri);
  if (fixed) return { contents: await readFixed(fixed, ctx) };
  const matched = registry.matchTemplate(uri);
  if (!matched) throw new RpcError(ErrorCode.ResourceNotFound, `Resource not found: ${uri}`, { uri });
  const { definition } = matched.entry;
  return { contents: toResourceContents(uri, definition.mimeType, await definition.handler(uri, matched.variables, ctx)) };
}

/** Checks a `resources/subscribe` or `unsubscribe` URI names something the server has. */
export function subscribableUri(registry: Registry, params: Record<string, any> | undefined): string {
  const uri = stringParam(params, 'uri');
  if (!registry.resources.has(uri) && !registry.matchTemplate(uri))
    throw new RpcError(ErrorCode.ResourceNotFound, `Resource not found: ${uri}`, { uri });
  return uri;
}
