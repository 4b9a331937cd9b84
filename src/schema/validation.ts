import type { JSONSchema } from '../core/types';
import { planFor, schemaHasDefaults, type CoercionPlan } from './coerce';
import { dataLabel } from './json-pointer';
import { findNonJSON } from './json-value';
import { toValidationErrors, type ValidationError } from './validation-errors';
import type { ValidationResult } from './validation-exception';
import { interpretSchema, validatorFor, type CompiledSchema } from './validator-cache';

export type { ValidationError } from './validation-errors';
export { ValidationException, type ValidationResult } from './validation-exception';

function unsupported(data: unknown, where: string | undefined): ValidationError[] {
  const { path, what } = findNonJSON(data) ?? { path: '', what: `of type "${typeof data}"` };
  return [
    {
      path: where === undefined ? path : `/${where}${path}`,
      message: `${dataLabel(where, path)} is a value ${what}, which JSON cannot carry`,
      keyword: 'type',
    },
  ];
}

/** Validates with the quick closures when they cover the schema and say yes; otherwise with the interpreter, for its errors. */
function check<T>(compiled: CompiledSchema, data: unknown, where?: string): ValidationResult<T> {
  if (compiled.quick !== null && compiled.quick(data)) return { valid: true, value: data as T, errors: [] };
  let outcome: ReturnType<typeof interpretSchema>;
  try {
    outcome = interpretSchema(compiled, data);
  } catch {
    return { valid: false, value: data as T, errors: unsupported(data, where) };
  }
  if (outcome.valid) return { valid: true, value: data as T, errors: [] };
  return {
    valid: false,
    value: data as T,
    errors: toValidationErrors(outcome.errors, { data, schema: compiled.schema, lookup: compiled.lookup }, where),
  };
}

/** Validates data against a JSON schema without changing it. */
export function validate<T = unknown>(schema: JSONSchema | boolean, data: unknown): ValidationResult<T> {
  return check<T>(validatorFor(schema), data);
}

/** Returns a reusable validator for one schema (compiled once): data in, ValidationResult out. */
export function createValidator<T = unknown>(schema: JSONSchema | boolean): (data: unknown) => ValidationResult<T> {
  const compiled = validatorFor(schema);
  return (data) => check<T>(compiled, data);
}

/**
 * The fast path first: without defaults, data the quick check accepts is returned as is. Otherwise the
 * data is converted when the plan says something would change, and validated once more.
 */
function coerceAndCheck<T>(
  compiled: CompiledSchema,
  plan: CoercionPlan,
  hasDefaults: boolean,
  data: unknown,
  where?: string,
): ValidationResult<T> {
  if (!hasDefaults && compiled.quick !== null && compiled.quick(data)) return { valid: true, value: data as T, errors: [] };
  return check<T>(compiled, hasDefaults || plan.needs(data) ? plan.apply(data) : data, where);
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
  const compiled = validatorFor(schema, cached);
  const plan = planFor(schema);
  const hasDefaults = schemaHasDefaults(schema);
  return (data) => coerceAndCheck<T>(compiled, plan, hasDefaults, data, where);
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
  return coerceAndCheck<T>(validatorFor(schema), planFor(schema), hasDefaultsCached(schema), data);
}
