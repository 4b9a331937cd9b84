import type { RouteOptions } from '../core/types';
import type { SchemaProblem } from './schema-shape';
import { isStatusMap } from './status-map';
import { isStandardSchema, standardSchemaProblem } from './standard-schema';

const parts = new Set(['body', 'query', 'params', 'headers', 'response']);

/** A JSON schema's problems against its draft's meta-schema, `$ref`s resolved (`schemaProblems` of meta-check.ts). */
export type MetaSchemaCheck = (schema: unknown) => SchemaProblem[];

/** What a JSON Schema compiler checks a route with. */
export interface RouteSchemaChecks {
  /** The problems of each JSON schema (the meta-schema check, or a structural one). */
  metaCheck: MetaSchemaCheck;
  /** More problems of a route, one line each, that this compiler finds (null: none). */
  more: ((route: string, options: RouteOptions) => string[]) | null;
  /** Route options this compiler already checked (at registration), so compiling the route does not check them again. */
  checked: WeakSet<RouteOptions>;
}

/**
 * Every schema a route declares, each with the name error messages give it (`schema.body`, `schema.response/201`,
 * `serializers["text/csv"]`) and whether a Standard Schema may stand there (in `schema` parts, not in `serializers`,
 * which need a JSON schema to serialize with).
 */
function declaredSchemas(options: RouteOptions): [string, unknown, boolean][] {
  const found: [string, unknown, boolean][] = [];
  const schema = (options.schema ?? {}) as Record<string, unknown>;
  for (const part of parts) {
    const value = schema[part];
    if (part === 'response' && value !== null && typeof value === 'object' && !isStandardSchema(value) && isStatusMap(value)) {
      for (const [status, entry] of Object.entries(value)) found.push([`schema.response/${status}`, entry, true]);
    } else if (value !== undefined) {
      found.push([`schema.${part}`, value, true]);
    }
  }
  for (const [type, entry] of Object.entries(options.serializers ?? {}))
    if (typeof entry !== 'function') found.push([`serializers[${JSON.stringify(type)}]`, entry, false]);
  return found;
}

/**
 * Throws when a route declares a schema part fw does not know (`querystring`), a JSON schema that is not sound (checked
 * against its draft's meta-schema and `$ref`s resolved when the compiler has the meta-schema check), a Standard Schema
 * that is not v1 with a `validate` function, or what the compiler's own `more` finds; so the mistake shows when the
 * route is registered, not on every request: one line per problem, naming the route (`POST /todos`) and the place.
 */
export function assertRouteSchemas(route: string, options: RouteOptions, checks: RouteSchemaChecks): void {
  if (checks.checked.has(options)) return;
  const lines: string[] = [];
  for (const part of Object.keys(options.schema ?? {})) {
    if (!parts.has(part)) lines.push(`${route} schema.${part}: fw has no such schema part; use body, query, params, headers or response`);
  }
  for (const [name, schema, standardAllowed] of declaredSchemas(options)) {
    if (standardAllowed && isStandardSchema(schema)) {
      const problem = standardSchemaProblem(schema);
      if (problem !== null) lines.push(`${route} ${name}: ${problem}`);
    } else {
      for (const problem of checks.metaCheck(schema)) lines.push(`${route} ${name}${problem.path}: ${problem.message}`);
    }
  }
  if (checks.more !== null) lines.push(...checks.more(route, options));
  if (lines.length > 0)
    throw new TypeError(`Invalid route schema (checked when the route is registered; fix the schema):\n${lines.join('\n')}`);
  checks.checked.add(options);
}
