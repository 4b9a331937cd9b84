import type { JSONSchema } from '../core/types';
import type { SubApp } from './types';
import { routeInfos } from '../core/server-methods';

/** A minimal OpenAPI 3.1 document. */
export interface WorkspaceOpenAPIDocument {
  openapi: '3.1.0';
  info: { title: string; version: string };
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, unknown>>;
}

function toOpenApiPath(path: string): { path: string; params: string[] } {
  const params: string[] = [];
  const converted = path
    .split('/')
    .map((segment) => {
      if (segment.startsWith(':')) {
        params.push(segment.slice(1));
        return `{${segment.slice(1)}}`;
      }
      if (segment === '*') {
        params.push('wildcard');
        return '{wildcard}';
      }
      return segment;
    })
    .join('/');
  return { path: converted, params };
}

function responsesOf(response: JSONSchema | Record<string, JSONSchema> | undefined): Record<string, unknown> {
  if (!response) return { default: { description: 'Response' } };
  const keyed = Object.keys(response).every((k) => /^(\d{3}|\dxx|default)$/i.test(k));
  const entries = keyed ? Object.entries(response as Record<string, JSONSchema>) : [['200', response as JSONSchema]];
  return Object.fromEntries(
    entries.map(([code, schema]) => [code.toUpperCase(), { description: `Status ${code}`, content: { 'application/json': { schema } } }]),
  );
}

/** One OpenAPI 3.1 document for every mounted app: paths under each prefix, operations tagged with the app name. */
export function aggregateOpenAPI(apps: SubApp[], title = 'fw workspace', version = '1.0.0'): WorkspaceOpenAPIDocument {
  const doc: WorkspaceOpenAPIDocument = { openapi: '3.1.0', info: { title, version }, tags: [], paths: {} };
  for (const sub of apps) {
    doc.tags.push({
      name: sub.name,
      description: [sub.host && `host ${sub.host}`, sub.prefix && `prefix ${sub.prefix}`].filter(Boolean).join(', '),
    });
    for (const route of routeInfos(sub.app)) {
      const options = route.options ?? {};
      if (options.hidden) continue;
      const full =
        `${sub.prefix && sub.prefix !== '/' ? sub.prefix : ''}${route.path === '/' && sub.prefix && sub.prefix !== '/' ? '' : route.path}` ||
        '/';
      const { path, params } = toOpenApiPath(full);
      const schema = options.schema ?? {};
      const parameters: unknown[] = params.map((name) => ({
        name,
        in: 'path',
        required: true,
        schema: (schema.params as JSONSchema | undefined)?.properties?.[name] ?? { type: 'string' },
      }));
      const query = schema.query as JSONSchema | undefined;
      for (const [name, s] of Object.entries((query?.properties ?? {}) as Record<string, JSONSchema>)) {
        parameters.push({ name, in: 'query', required: Array.isArray(query?.required) && query.required.includes(name), schema: s });
      }
      const operation: Record<string, unknown> = {
        tags: [sub.name, ...(options.tags ?? [])],
        operationId:
          options.operationId ?? `${sub.name}_${route.method.toLowerCase()}_${full.replace(/[^a-zA-Z0-9]+/g, '_').replace(/^_|_$/g, '')}`,
        responses: responsesOf(schema.response),
      };
      if (options.summary) operation.summary = options.summary;
      if (options.description) operation.description = options.description;
      if (options.deprecated) operation.deprecated = true;
      if (parameters.length > 0) operation.parameters = parameters;
      if (schema.body) operation.requestBody = { required: true, content: { 'application/json': { schema: schema.body } } };
      const methods = route.method === 'ALL' ? ['get', 'post', 'put', 'patch', 'delete'] : [route.method.toLowerCase()];
      const item = (doc.paths[path] ??= {});
      for (const method of methods) item[method] = operation;
    }
  }
  return doc;
}
