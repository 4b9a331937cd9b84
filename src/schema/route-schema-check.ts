import type { RouteOptions } from '../core/types';
import { schemaProblems } from './meta-check';
import { isStatusMap } from './response-serializer';

const parts = new Set(['body', 'query', 'params', 'headers', 'response']);

/** Every schema a route declares, each with the name error messages give it (`schema.body`, `schema.response/201`, `serializers["text/csv"]`). */
function declaredSchemas(options: RouteOptions): [string, unknown][] {
  const found: [string, unknown][] = [];
  const schema = (options.schema ?? {}) as Record<string, unknown>;
  for (const part of parts) {
    const value = schema[part];
    if (part === 'response' && value !== null && typeof value === 'object' && isStatusMap(value)) {
      for (const [status, entry] of Object.entries(value)) found.push([`schema.response/${status}`, entry]);
    } else if (value !== undefined) {
      found.push([`schema.${part}`, value]);
    }
  }
  for (const [type, entry] of Object.entries(options.serializers ?? {}))
    if (typeof entry !== 'function') found.push([`serializers[${JSON.stringify(type)}]`, entry]);
  return found;
}

/** Route options already checked (at registration), so compiling the route does not check them again. */
const checked = new WeakSet<RouteOptions>();

/**
 * Throws when a route declares a schema part fw does not know (`querystring`) or a schema that is not sound (checked
 * against its draft's meta-schema, `$ref`s resolved), so the mistake shows when the route is registered, not as a 400
 * on every request: one line per problem, naming the route (`POST /todos`) and the place.
 */
export function assertRouteSchemas(route: string, options: RouteOptions): void {
  if (checked.has(options)) return;
  const lines: string[] = [];
  for (const part of Object.keys(options.schema ?? {})) {
    if (!parts.has(part)) lines.push(`${route} schema.${part}: fw has no such schema part; use body, query, params, headers or response`);
  }
  for (const [name, schema] of declaredSchemas(options)) {
    for (const problem of schemaProblems(schema)) lines.push(`${route} ${name}${problem.path}: ${problem.message}`);
  }
  if (lines.length > 0)
    throw new TypeError(`Invalid route schema (checked when the route is registered; fix the schema):\n${lines.join('\n')}`);
  checked.add(options);
}
