import type { SchemaCompiler } from '../core/schema-compiler';
import type { RouteOptions } from '../core/types';
import { schemaProblems } from './meta-check';
import { compileQuickCheck } from './quick-check';
import { compileObjectSerializer } from './response-serializer';
import { compileRouteSchema, type RouteSchemaParts } from './route-schema';
import { assertRouteSchemas } from './route-schema-check';

/** Every part: the meta-schema check, no refusal of response schemas, the closure serializers and the quick check. */
const parts: RouteSchemaParts = {
  checks: { metaCheck: schemaProblems, more: null, checked: new WeakSet<RouteOptions>() },
  serializer: compileObjectSerializer,
  quick: compileQuickCheck,
};

/**
 * The JSON Schema compiler with every part (`app.setSchemaCompiler(jsonSchemaCompiler)`; preset by `fw`'s `Fw`; the
 * same as `createJsonSchemaCompiler` given them all): schemas checked against their draft's meta-schema at
 * registration, coercing validators (@cfworker/json-schema) with the quick check, and closure serializers when the
 * route's pipeline is built.
 */
export const jsonSchemaCompiler: SchemaCompiler = {
  check: (route, options) => assertRouteSchemas(route, options, parts.checks),
  compile: (route, options, cache) => compileRouteSchema(options, cache, route, parts),
};
