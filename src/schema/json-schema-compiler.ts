import type { SchemaCompiler } from '../core/schema-compiler';
import type { RouteOptions } from '../core/types';
import { compileRouteSchema, type RouteSchemaParts, type SerializerCompiler } from './route-schema';
import { assertRouteSchemas, type MetaSchemaCheck } from './route-schema-check';
import type { SchemaProblem } from './schema-shape';
import { isStandardSchema } from './standard-schema';
import { isStatusMap } from './status-map';
import type { QuickCompiler } from './validator-cache';

/** Without the meta-schema check: a JSON schema must at least be an object or a boolean (its keywords are not checked). */
function structureProblems(schema: unknown): SchemaProblem[] {
  if (typeof schema === 'boolean' || (typeof schema === 'object' && schema !== null && !Array.isArray(schema))) return [];
  return [
    {
      path: '',
      message: `must be object or boolean, got ${Array.isArray(schema) ? 'an array' : (JSON.stringify(schema) ?? `a ${typeof schema}`)}`,
    },
  ];
}

const noSerializer =
  'would go out unfiltered: this compiler has no serializer; pass createJsonSchemaCompiler({ serializer: compileObjectSerializer })';

/** Without a serializer: each JSON response schema (a Standard Schema one is never run) and each `serializers` entry, refused. */
function unserved(route: string, options: RouteOptions): string[] {
  const lines: string[] = [];
  const response = options.schema?.response;
  const entries =
    response === undefined || isStandardSchema(response)
      ? []
      : typeof response === 'object' && response !== null && isStatusMap(response)
        ? Object.entries(response).map(([status, entry]) => [`/${status}`, entry])
        : [['', response]];
  for (const [status, entry] of entries) if (!isStandardSchema(entry)) lines.push(`${route} schema.response${status}: ${noSerializer}`);
  for (const type of Object.keys(options.serializers ?? {})) lines.push(`${route} serializers[${JSON.stringify(type)}]: ${noSerializer}`);
  return lines;
}

/** The parts of a JSON Schema compiler an app opts into; each one's code is bundled only when the app imports it. */
export interface JsonSchemaCompilerParts {
  /**
   * Writes object results through `schema.response` and `serializers`: `compileObjectSerializer`. Without it, a route
   * declaring a JSON response schema or `serializers` is refused when registered (its body would go out unfiltered).
   */
  serializer?: SerializerCompiler;
  /**
   * Checks each JSON schema of a route against its draft's meta-schema when the route is registered, `$schema` and
   * `$ref`s included: `metaSchemaProblems`. Without it, registration refuses only a schema that is not an object or a
   * boolean (a misspelled keyword value or a `$ref` that points nowhere then shows only as 400s on the requests it judges).
   */
  metaSchema?: MetaSchemaCheck;
  /**
   * Accepts conforming data with closures compiled from the schema before the interpreter runs: `compileQuickCheck`.
   * Without it, @cfworker/json-schema interprets the schema on every request (the same verdicts and errors, slower).
   */
  quickCheck?: QuickCompiler;
}

/**
 * A JSON Schema compiler made of the parts an app uses: request validation (JSON Schema with coercion and fw's error
 * words through @cfworker/json-schema, or Standard Schema parts) always; response serialization, the meta-schema check
 * and the quick check when passed. `jsonSchemaCompiler` is this with every part; a `fw/core` worker whose routes only
 * validate requests passes what it wants and leaves the rest out of its bundle. Each compiler remembers the routes it
 * checked.
 */
export function createJsonSchemaCompiler(parts: JsonSchemaCompilerParts = {}): SchemaCompiler {
  const serializer = parts.serializer ?? null;
  const made: RouteSchemaParts = {
    checks: {
      metaCheck: parts.metaSchema ?? structureProblems,
      more: serializer === null ? unserved : null,
      checked: new WeakSet<RouteOptions>(),
    },
    serializer,
    quick: parts.quickCheck ?? null,
  };
  return {
    check: (route, options) => assertRouteSchemas(route, options, made.checks),
    compile: (route, options, cache) => compileRouteSchema(options, cache, route, made),
  };
}
