import type { JSONSchema } from '../core/types';
import { planFor, schemaHasDefaults, type CoercionPlan } from './coerce';
import { toValidationErrors, type ValidationError } from './validation-errors';
import { validatorFor, type CompiledSchema } from './validator-cache';

export type { ValidationError } from './validation-errors';

/** The outcome of validating: the (possibly coerced) value and the errors, empty when valid. */
export interface ValidationResult<T = unknown> {
  valid: boolean;
  value: T;
  errors: ValidationError[];
}

/** Thrown when data fails its schema; the core answers it with 400 and `code: 'VALIDATION_ERROR'`. */
export class ValidationException extends Error {
  readonly status = 400;
  readonly code = 'VALIDATION_ERROR';
  readonly errors: ValidationError[];

  constructor(errors: ValidationError[], message = 'Validation failed') {
    super(message);
    this.name = 'ValidationException';
    this.errors = errors;
  }

  /** The error list, as the error body's `details`. */
  get details(): ValidationError[] {
    return this.errors;
  }
}

function unsupported(data: unknown): ValidationError[] {
  return [{ path: '', message: `Values of type "${typeof data}" cannot be validated as JSON.`, keyword: 'type' }];
}

/** Validates with the quick closures when they cover the schema and say yes; otherwise with the interpreter, for its errors. */
function check<T>(compiled: CompiledSchema, data: unknown): ValidationResult<T> {
  if (compiled.quick !== null && compiled.quick(data)) return { valid: true, value: data as T, errors: [] };
  let outcome: ReturnType<CompiledSchema['validator']['validate']>;
  try {
    outcome = compiled.validator.validate(data);
  } catch {
    return { valid: false, value: data as T, errors: unsupported(data) };
  }
  return { valid: outcome.valid, value: data as T, errors: outcome.valid ? [] : toValidationErrors(outcome.errors) };
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
function coerceAndCheck<T>(compiled: CompiledSchema, plan: CoercionPlan, hasDefaults: boolean, data: unknown): ValidationResult<T> {
  if (!hasDefaults && compiled.quick !== null && compiled.quick(data)) return { valid: true, value: data as T, errors: [] };
  return check<T>(compiled, hasDefaults || plan.needs(data) ? plan.apply(data) : data);
}

/**
 * Returns a reusable coercing validator for one schema (see `validateAndCoerce`), compiled once.
 * `cached: false` keeps the compiled validator out of the shared LRU (config `lruSchemaCache: false`).
 */
export function createCoercingValidator<T = unknown>(schema: JSONSchema | boolean, cached = true): (data: unknown) => ValidationResult<T> {
  const compiled = validatorFor(schema, cached);
  const plan = planFor(schema);
  const hasDefaults = schemaHasDefaults(schema);
  return (data) => coerceAndCheck<T>(compiled, plan, hasDefaults, data);
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
