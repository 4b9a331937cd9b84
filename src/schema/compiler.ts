import type { SchemaCompiler } from '../core/schema-compiler';
import { compileRouteSchema } from './route-schema';
import { assertRouteSchemas } from './route-schema-check';

/**
 * The JSON Schema compiler (`app.setSchemaCompiler(jsonSchemaCompiler)`; preset by `fw`'s `Fw`): schemas checked
 * against their draft's meta-schema at registration, coercing validators (@cfworker/json-schema) and closure
 * serializers when the route's pipeline is built.
 */
export const jsonSchemaCompiler: SchemaCompiler = {
  check: assertRouteSchemas,
  compile: (route, options, cache) => compileRouteSchema(options, cache, route),
};
