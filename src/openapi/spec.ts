import type { Fw } from '../core/fw';
import type { JSONSchema, RouteInfo, RouteOptions, RouteSchema } from '../core/types';
import { collectRoutes, type CollectedRoute } from './collect';
import { splitDocComment } from './doc-comments';
import { isStatusMap } from '../schema/status-map';
import { routeJSONSchemas } from './route-json-schema';
import type { OpenAPI31Document, OpenAPI31Operation, OpenAPI31Parameter, OpenAPI31Response, OpenAPIOptions } from './types';

/** The body every fw error response carries (see `errorBody` in core). */
const errorSchema: JSONSchema = {
  type: 'object',
  required: ['error', 'code'],
  properties: { error: { type: 'string' }, code: { type: 'string' }, details: {} },
};

/** Header parameters OpenAPI ignores (they are described by other fields). */
const reservedHeaders = new Set(['accept', 'content-type', 'authorization']);

function propertiesOf(schema: JSONSchema | undefined): Record<string, JSONSchema> {
  return (schema?.properties ?? {}) as Record<string, JSONSchema>;
}

function isRequired(schema: JSONSchema | undefined, name: string): boolean {
  return Array.isArray(schema?.required) && schema.required.includes(name);
}

function parameter(name: string, where: 'query' | 'header', schema: JSONSchema, required: boolean): OpenAPI31Parameter {
  const p: OpenAPI31Parameter = { name, in: where, required, schema };
  if (typeof schema.description === 'string') p.description = schema.description;
  if (schema.deprecated === true) p.deprecated = true;
  return p;
}

function parametersOf(schema: RouteSchema, route: CollectedRoute): OpenAPI31Parameter[] {
  const params = propertiesOf(schema.params);
  const list: OpenAPI31Parameter[] = route.pathParams.map((name) => {
    const s = params[name] ?? { type: 'string' };
    return typeof s.description === 'string'
      ? { name, in: 'path', required: true, description: s.description, schema: s }
      : { name, in: 'path', required: true, schema: s };
  });
  for (const [name, s] of Object.entries(propertiesOf(schema.query)))
    list.push(parameter(name, 'query', s, isRequired(schema.query, name)));
  for (const [name, s] of Object.entries(propertiesOf(schema.headers))) {
    if (!reservedHeaders.has(name.toLowerCase())) list.push(parameter(name, 'header', s, isRequired(schema.headers, name)));
  }
  return list;
}

/** Statuses whose answers carry no body, so their responses have no `content`. */
const bodiless = new Set([204, 205, 304]);

/** What a success status is called when nothing else describes it. */
const successDescriptions: Record<number, string> = { 200: 'Successful response', 201: 'Created', 202: 'Accepted', 204: 'No content' };

/** The status a route answers a non-Response result with: its `status` option, else 200. */
function successStatus(options: RouteOptions): number {
  return options.status ?? 200;
}

function responsesOf(schema: RouteSchema, status: number): Record<string, OpenAPI31Response> {
  const response = schema.response;
  const responses: Record<string, OpenAPI31Response> = {};
  if (response && isStatusMap(response)) {
    for (const [code, s] of Object.entries(response as Record<string, JSONSchema>)) {
      const key = code.toUpperCase();
      const description = (s.description as string | undefined) ?? successDescriptions[Number(key)] ?? `Status ${code}`;
      responses[key] = bodiless.has(Number(key)) ? { description } : { description, content: { 'application/json': { schema: s } } };
    }
  } else {
    const description = (response?.description as string | undefined) ?? successDescriptions[status] ?? `Status ${status}`;
    responses[String(status)] =
      response && !bodiless.has(status)
        ? { description, content: { 'application/json': { schema: response as JSONSchema } } }
        : { description };
  }
  if ((schema.body || schema.query || schema.params || schema.headers) && !responses['400']) {
    responses['400'] = { description: 'Invalid input', content: { 'application/json': { schema: errorSchema } } };
  }
  return responses;
}

function defaultOperationId(route: CollectedRoute): string {
  const words = route.path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1));
  return route.method.toLowerCase() + (words.length > 0 ? words.join('') : 'Root');
}

function uniqueId(id: string, used: Set<string>): string {
  let candidate = id;
  for (let n = 2; used.has(candidate); n++) candidate = `${id}${n}`;
  used.add(candidate);
  return candidate;
}

function operationOf(route: CollectedRoute, options: OpenAPIOptions, used: Set<string>): OpenAPI31Operation {
  const o = route.options;
  const schema = routeJSONSchemas(o.schema ?? {});
  const operation: OpenAPI31Operation = {
    operationId: uniqueId(o.operationId ?? defaultOperationId(route), used),
    responses: responsesOf(schema, successStatus(o)),
  };
  const comment = options.docComments?.[`${route.method} ${route.path}`];
  const fromComment = comment ? splitDocComment(comment) : undefined;
  const summary = o.summary ?? fromComment?.summary;
  const description = o.description ?? fromComment?.description;
  if (summary) operation.summary = summary;
  if (description) operation.description = description;
  if (o.tags && o.tags.length > 0) operation.tags = [...o.tags];
  if (o.deprecated) operation.deprecated = true;
  const parameters = parametersOf(schema, route);
  if (parameters.length > 0) operation.parameters = parameters;
  if (schema.body) {
    operation.requestBody = { required: true, content: { 'application/json': { schema: schema.body } } };
  }
  if (o.security) operation.security = o.security;
  return operation;
}

/**
 * Builds the OpenAPI 3.1 document of an app (or of a route list) from its routes' schemas and documentation options.
 * The document is plain JSON data with no shared objects: changing it never changes a route's schema.
 */
export function generateSpec(app: Fw | RouteInfo[], options: OpenAPIOptions = {}): OpenAPI31Document {
  const doc: OpenAPI31Document = {
    openapi: '3.1.0',
    info: { title: options.title ?? 'fw API', version: options.version ?? '1.0.0' },
    paths: {},
  };
  if (options.description) doc.info.description = options.description;
  if (options.servers && options.servers.length > 0) doc.servers = options.servers.map((url) => ({ url }));
  const used = new Set<string>();
  const tags = new Set<string>();
  for (const route of collectRoutes(app)) {
    const item = (doc.paths[route.openapiPath] ??= {});
    const method = route.method.toLowerCase() as keyof typeof item;
    if (item[method]) continue;
    item[method] = operationOf(route, options, used);
    for (const tag of route.options.tags ?? []) tags.add(tag);
  }
  if (tags.size > 0) doc.tags = [...tags].sort().map((name) => ({ name }));
  if (options.securitySchemes && Object.keys(options.securitySchemes).length > 0)
    doc.components = { securitySchemes: options.securitySchemes };
  if (options.security) doc.security = options.security;
  return JSON.parse(JSON.stringify(doc)) as OpenAPI31Document;
}

/** Serializes a document as JSON text (indented by default, for people and diff tools). */
export function specToJSON(doc: OpenAPI31Document, indent: number = 2): string {
  return JSON.stringify(doc, null, indent);
}
