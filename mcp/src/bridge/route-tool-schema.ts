import { jsonSchemaOf, type JSONSchema, type RouteInfo } from 'fw';

/** The names of a route's path parameters, in order (`*` included as `wildcard`). */
export function pathParams(path: string): string[] {
  return path
    .split('/')
    .filter((s) => s.startsWith(':') || s === '*')
    .map((s) => (s === '*' ? 'wildcard' : s.slice(1)));
}

function propertiesOf(schema: JSONSchema | undefined): Record<string, JSONSchema> {
  return (schema?.properties as Record<string, JSONSchema> | undefined) ?? {};
}

/** Whether a method sends a body when its route tool is called. */
export function sendsBody(method: string): boolean {
  return method === 'POST' || method === 'PUT' || method === 'PATCH' || method === 'DELETE';
}

/**
 * Derives a route tool's input schema from the route's validation: path parameters (required, typed by
 * `schema.params` when given) and query fields at the top level, the request body under `body`. Standard Schema parts
 * (zod, valibot) are read through their own JSON Schema conversion (`jsonSchemaOf`; any value when they offer none).
 */
export function routeInputSchema(route: RouteInfo): JSONSchema {
  const declared = route.options?.schema ?? {};
  const schema = {
    params: declared.params && jsonSchemaOf(declared.params, 'input'),
    query: declared.query && jsonSchemaOf(declared.query, 'input'),
    body: declared.body && jsonSchemaOf(declared.body, 'input'),
  };
  const paramSchemas = propertiesOf(schema.params);
  const properties: Record<string, JSONSchema> = {};
  const required: string[] = [];
  for (const name of pathParams(route.path)) {
    const declared = name === 'wildcard' ? paramSchemas['*'] : paramSchemas[name];
    properties[name] = declared ?? {
      type: 'string',
      description: name === 'wildcard' ? 'The rest of the path after the wildcard' : `Path parameter :${name}`,
    };
    required.push(name);
  }
  const query = schema.query;
  const queryRequired = new Set<string>(Array.isArray(query?.required) ? query.required : []);
  for (const [name, prop] of Object.entries(propertiesOf(query))) {
    if (name in properties) continue;
    properties[name] = prop;
    if (queryRequired.has(name)) required.push(name);
  }
  if (sendsBody(route.method)) {
    if (schema.body) {
      properties.body = schema.body;
      required.push('body');
    } else if (route.method !== 'DELETE') {
      properties.body = { description: 'Request body, sent as JSON' };
    }
  }
  const out: JSONSchema = { type: 'object', properties };
  if (required.length > 0) out.required = required;
  return out;
}
