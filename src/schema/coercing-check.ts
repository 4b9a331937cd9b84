import type { JSONSchema } from '../core/types';
import { planFor, schemaHasDefaults, type CoercionPlan } from './coerce';
import { dataLabel } from './json-pointer';
import { findNonJSON } from './json-value';
import { toValidationErrors, type ValidationError } from './validation-errors';
import type { ValidationResult } from './validation-exception';
import { interpretSchema, type CompiledSchema, type QuickCompiler, validatorFor } from './validator-cache';

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
export function checkCompiled<T>(compiled: CompiledSchema, data: unknown, where?: string): ValidationResult<T> {
  if (compiled.quick?.(data)) return { valid: true, value: data as T, errors: [] };
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

/**
 * The fast path first: without defaults, data the quick check accepts is returned as is. Otherwise the
 * data is converted when the plan says something would change, and validated once more.
 */
export function coerceAndCheck<T>(
  compiled: CompiledSchema,
  plan: CoercionPlan,
  hasDefaults: boolean,
  data: unknown,
  where?: string,
): ValidationResult<T> {
  if (!hasDefaults && compiled.quick?.(data)) return { valid: true, value: data as T, errors: [] };
  return checkCompiled<T>(compiled, hasDefaults || plan.needs(data) ? plan.apply(data) : data, where);
}

/**
 * A reusable coercing validator for one schema, compiled once (see `validateAndCoerce`): with `quick`, conforming data
 * is accepted by the quick check; without it (a bundle that leaves the quick check out) the interpreter decides every
 * time, with the same result. `cached: false` keeps the compiled validator out of the shared LRU.
 */
export function coercingValidator<T = unknown>(
  schema: JSONSchema | boolean,
  cached: boolean,
  where: string | undefined,
  quick: QuickCompiler | null,
): (data: unknown) => ValidationResult<T> {
  const compiled = validatorFor(schema, cached, quick);
  const plan = planFor(schema);
  const hasDefaults = schemaHasDefaults(schema);
  return (data) => coerceAndCheck<T>(compiled, plan, hasDefaults, data, where);
}
