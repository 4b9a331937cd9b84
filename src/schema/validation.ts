import type { JSONSchema } from '../core/types';
import { planFor, schemaHasDefaults } from './coerce';
import { checkCompiled, coerceAndCheck, coercingValidator } from './coercing-check';
import { compileQuickCheck } from './quick-check';
import type { ValidationResult } from './validation-exception';
import { validatorFor } from './validator-cache';

export type { ValidationError } from './validation-errors';
export { ValidationException, type ValidationResult } from './validation-exception';

/** Validates data against a JSON schema without changing it. */
export function validate<T = unknown>(schema: JSONSchema | boolean, data: unknown): ValidationResult<T> {
  return checkCompiled<T>(validatorFor(schema, true, compileQuickCheck), data);
}

/** Returns a reusable validator for one schema (compiled once): data in, ValidationResult out. */
export function createValidator<T = unknown>(schema: JSONSchema | boolean): (data: unknown) => ValidationResult<T> {
  const compiled = validatorFor(schema, true, compileQuickCheck);
  return (data) => checkCompiled<T>(compiled, data);
}

/**
 * Returns a reusable coercing validator for one schema (see `validateAndCoerce`), compiled once.
 * `cached: false` keeps the compiled validator out of the shared LRU (config `lruSchemaCache: false`);
 * `where` names the data in errors (`query`: paths `/query/limit`, messages `query.limit must ...`).
 */
export function createCoercingValidator<T = unknown>(
  schema: JSONSchema | boolean,
  cached = true,
  where?: string,
): (data: unknown) => ValidationResult<T> {
  return coercingValidator<T>(schema, cached, where, compileQuickCheck);
}

const defaultsKnown = new WeakMap<object, boolean>();

function hasDefaultsCached(schema: JSONSchema | boolean): boolean {
  if (typeof schema === 'boolean') return false;
  let known = defaultsKnown.get(schema);
  if (known === undefined) defaultsKnown.set(schema, (known = schemaHasDefaults(schema)));
  return known;
}

/**
 * Validates after coercing strings to the schema's types (number, integer, boolean, null, arrays) and
 * filling defaults. When the schema has no defaults and the data already conforms, it is returned
 * untouched and uncopied after one (quick) validation: the fast path. Otherwise a copy is coerced when
 * anything would change, and validated.
 */
export function validateAndCoerce<T = unknown>(schema: JSONSchema | boolean, data: unknown): ValidationResult<T> {
  return coerceAndCheck<T>(validatorFor(schema, true, compileQuickCheck), planFor(schema), hasDefaultsCached(schema), data);
}
