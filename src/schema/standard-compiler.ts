import type { SchemaCompiler } from '../core/schema-compiler';
import type { RouteOptions } from '../core/types';
import { requestValidator, type PartCheck, type RequestPart } from './request-validator';
import { createStandardValidator } from './standard-validation';

const requestParts: RequestPart[] = ['params', 'query', 'headers', 'body'];

/**
 * Throws when a route is registered, naming the route and the place, for what this compiler cannot run: `serializers`,
 * an unknown part, a request part without `~standard.validate` (a JSON schema). Response schemas are not run, so any
 * is accepted.
 */
function check(route: string, options: RouteOptions): void {
  for (const [part, value] of Object.entries({ ...options.schema, serializers: options.serializers }))
    if (value && part !== 'response' && !(requestParts.includes(part as RequestPart) && typeof value['~standard']?.validate === 'function'))
      throw new TypeError(
        `Route ${route} ${part}: standardSchemaCompiler runs only Standard Schema request parts; use jsonSchemaCompiler from 'fw/schema'`,
      );
}

/**
 * The Standard Schema compiler (`app.setSchemaCompiler(standardSchemaCompiler)` on `fw/core`): request parts are
 * validated through each schema's own `~standard.validate` (zod, valibot, arktype), with the same 400
 * `VALIDATION_ERROR` body as the JSON Schema compiler, and the library's output handed to the handler. It carries no
 * JSON Schema engine and no serializer compiler, so a light worker pays only for its schema library. Response
 * schemas (Standard or JSON Schema) type the handler and document the route; they are not run, and the body is
 * written by the app's format (JSON.stringify).
 */
export const standardSchemaCompiler: SchemaCompiler = {
  check,
  compile(route, options) {
    check(route, options);
    const schema = options.schema ?? {};
    const checks: [RequestPart, PartCheck][] = [];
    for (const part of requestParts) if (schema[part]) checks.push([part, createStandardValidator(schema[part] as never, part)]);
    return {
      validate: requestValidator({ checks, bodyMissingWords: true }),
      serialize: null,
    };
  },
};
