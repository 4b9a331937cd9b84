import type { JSONSchema, RouteSchema } from '../core/types';
import { jsonSchemaOf } from '../schema/standard-json-schema';
import { isStatusMap } from '../schema/status-map';

/**
 * A route's schema parts as JSON Schema for the document: JSON schemas as they are, Standard Schema values (zod,
 * valibot) through their own conversion, request parts as their input and responses as their output (see `jsonSchemaOf`).
 */
export function routeJSONSchemas(schema: RouteSchema): RouteSchema {
  const out: RouteSchema = {};
  for (const part of ['body', 'query', 'params', 'headers'] as const) {
    if (schema[part] !== undefined) out[part] = jsonSchemaOf(schema[part], 'input');
  }
  const response = schema.response;
  if (response !== undefined) {
    out.response = isStatusMap(response)
      ? Object.fromEntries(Object.entries(response as Record<string, JSONSchema>).map(([code, s]) => [code, jsonSchemaOf(s, 'output')]))
      : jsonSchemaOf(response, 'output');
  }
  return out;
}
