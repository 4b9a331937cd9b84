import { Validator, type Schema, type SchemaDraft } from '@cfworker/json-schema';
import type { JSONSchema, ValidationError } from 'fw';

/** The outcome of checking a value against a tool's JSON Schema: the errors, empty when valid. */
export interface SchemaCheckResult {
  valid: boolean;
  errors: ValidationError[];
}

/** Checks a value against a tool's input or output schema. */
export type SchemaCheck = (schema: JSONSchema | boolean, data: unknown) => SchemaCheckResult;

/** The draft a schema declares in `$schema` (2020-12 when it declares none or another). */
function draftOf(schema: object): SchemaDraft {
  const declared = (schema as { $schema?: unknown }).$schema;
  if (typeof declared !== 'string') return '2020-12';
  if (declared.includes('draft-04')) return '4';
  if (declared.includes('draft-07')) return '7';
  return declared.includes('2019-09') ? '2019-09' : '2020-12';
}

/** Validators by schema object: a tool's schema is compiled on its first call, not on each one. */
const compiled = new WeakMap<object, Validator>();

function validatorOf(schema: JSONSchema | boolean): Validator {
  if (typeof schema === 'boolean') return new Validator(schema);
  let validator = compiled.get(schema);
  if (validator === undefined) {
    validator = new Validator(schema as Schema, draftOf(schema), false);
    compiled.set(schema, validator);
  }
  return validator;
}

/**
 * The plain server's schema check: `@cfworker/json-schema` (drafts 4 to 2020-12, no code generation, so it runs on
 * workers) without fw; each error names the JSON pointer of the value and the keyword that refused it. The `MCPServer`
 * of `fw-mcp` uses fw's validator instead, whose messages read as the app's own.
 */
export const checkSchema: SchemaCheck = (schema, data) => {
  const outcome = validatorOf(schema).validate(data);
  if (outcome.valid) return { valid: true, errors: [] };
  const leaves = outcome.errors.filter(
    (unit) => !outcome.errors.some((other) => other !== unit && other.keywordLocation.startsWith(`${unit.keywordLocation}/`)),
  );
  return {
    valid: false,
    errors: leaves.map((unit) => ({ path: unit.instanceLocation.replace(/^#/, ''), message: unit.error, keyword: unit.keyword })),
  };
};
