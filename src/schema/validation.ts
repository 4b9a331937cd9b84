import { Validator, type Schema, type SchemaDraft } from '@cfworker/json-schema';
import type { JSONSchema } from '../core/types';

/** One validation failure: where (JSON pointer into the data), what went wrong, and which keyword said so. */
export interface ValidationError {
  path: string;
  message: string;
  keyword: string;
}

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

const MAX_CACHED = 10_000;
const cache = new Map<JSONSchema, Validator>();
let useCache = true;

function draftOf(schema: JSONSchema): SchemaDraft {
  const uri = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (uri.includes('draft-04')) return '4';
  if (uri.includes('draft-07') || uri.includes('draft-06')) return '7';
  if (uri.includes('2019-09')) return '2019-09';
  return '2020-12';
}

/** Turns the cache of compiled validators on or off (the `lruSchemaCache` config flag). */
export function setValidatorCache(enabled: boolean): void {
  useCache = enabled;
  if (!enabled) cache.clear();
}

function validatorFor(schema: JSONSchema): Validator {
  let validator = useCache ? cache.get(schema) : undefined;
  if (validator !== undefined) {
    cache.delete(schema);
    cache.set(schema, validator);
    return validator;
  }
  validator = new Validator(schema as Schema, draftOf(schema), false);
  if (useCache) {
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as JSONSchema);
    cache.set(schema, validator);
  }
  return validator;
}

/** How many compiled validators are cached (bounded at 10000). */
export function validatorCacheSize(): number {
  return cache.size;
}

const containerKeywords = new Set(['properties', 'items', 'prefixItems', 'allOf', 'anyOf', 'oneOf', 'additionalProperties', 'patternProperties', '$ref', 'dependentSchemas', 'unevaluatedProperties', 'unevaluatedItems', 'contains', 'if', 'then', 'else', 'not']);

function collectErrors(validator: Validator, data: unknown): ValidationError[] | null {
  const result = validator.validate(data);
  if (result.valid) return null;
  const leaves = result.errors.filter((e) => !containerKeywords.has(e.keyword));
  const units = leaves.length > 0 ? leaves : result.errors;
  const seen = new Set<string>();
  const errors: ValidationError[] = [];
  for (const unit of units) {
    const path = unit.instanceLocation.replace(/^#/, '');
    const key = `${path}|${unit.keyword}`;
    if (seen.has(key)) continue;
    seen.add(key);
    errors.push({ path, message: unit.error.replace(/^Instance(?: "[^"]*")? /, ''), keyword: unit.keyword });
  }
  return errors;
}

/** Validates data against a JSON schema without changing it. */
export function validate<T = unknown>(schema: JSONSchema, data: unknown): ValidationResult<T> {
  const errors = collectErrors(validatorFor(schema), data);
  return { valid: errors === null, value: data as T, errors: errors ?? [] };
}

/** Returns a reusable validator for one schema: data in, ValidationResult out. */
export function createValidator<T = unknown>(schema: JSONSchema): (data: unknown) => ValidationResult<T> {
  const validator = validatorFor(schema);
  return (data) => {
    const errors = collectErrors(validator, data);
    return { valid: errors === null, value: data as T, errors: errors ?? [] };
  };
}

/** Whether a schema declares a `default` anywhere in its properties or items. */
export function schemaHasDefaults(schema: unknown): boolean {
  if (!schema || typeof schema !== 'object') return false;
  if (Array.isArray(schema)) return schema.some(schemaHasDefaults);
  const s = schema as JSONSchema;
  if ('default' in s) return true;
  for (const key of ['properties', 'patternProperties', '$defs', 'definitions']) {
    if (s[key] && typeof s[key] === 'object' && Object.values(s[key]).some(schemaHasDefaults)) return true;
  }
  for (const key of ['items', 'prefixItems', 'allOf', 'anyOf', 'oneOf', 'additionalProperties']) {
    if (schemaHasDefaults(s[key])) return true;
  }
  return false;
}

function typesOf(schema: JSONSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (typeof schema.type === 'string') return [schema.type];
  return [];
}

function coerceScalar(schema: JSONSchema, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const types = typesOf(schema);
  if (types.length === 0 || types.includes('string')) return value;
  for (const type of types) {
    if ((type === 'number' || type === 'integer') && value.trim() !== '') {
      const n = Number(value);
      if (Number.isFinite(n) && (type === 'number' || Number.isInteger(n))) return n;
    }
    if (type === 'boolean') {
      if (value === 'true' || value === '1') return true;
      if (value === 'false' || value === '0') return false;
    }
    if (type === 'null' && (value === '' || value === 'null')) return null;
  }
  return value;
}

/** Returns a copy of data converted to the schema's types (strings to numbers, booleans, arrays) with defaults filled in. */
export function coerce(schema: JSONSchema | boolean | undefined, value: unknown): unknown {
  if (!schema || typeof schema !== 'object') return value;
  const types = typesOf(schema);
  if (value === undefined) return 'default' in schema ? structuredClone(schema.default) : undefined;
  if (types.includes('array') && !Array.isArray(value) && types.length === 1) value = [value];
  if (Array.isArray(value)) {
    const items = schema.items;
    return items && typeof items === 'object' && !Array.isArray(items) ? value.map((v) => coerce(items, v)) : value;
  }
  if (value !== null && typeof value === 'object') {
    const props = schema.properties as Record<string, JSONSchema> | undefined;
    if (!props) return value;
    const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const key in props) {
      const next = coerce(props[key], out[key]);
      if (next !== undefined) out[key] = next;
    }
    return out;
  }
  return coerceScalar(schema, value);
}

/**
 * Validates after coercing strings to the schema's types and filling defaults; when the data already
 * conforms and the schema has no defaults, it skips the conversion entirely (the fast path).
 */
export function validateAndCoerce<T = unknown>(schema: JSONSchema, data: unknown): ValidationResult<T> {
  const validator = validatorFor(schema);
  if (!hasDefaultsCached(schema) && collectErrors(validator, data) === null) return { valid: true, value: data as T, errors: [] };
  const coerced = coerce(schema, data);
  const errors = collectErrors(validator, coerced);
  return { valid: errors === null, value: coerced as T, errors: errors ?? [] };
}

const defaultsCache = new WeakMap<object, boolean>();

function hasDefaultsCached(schema: JSONSchema): boolean {
  let known = defaultsCache.get(schema);
  if (known === undefined) defaultsCache.set(schema, (known = schemaHasDefaults(schema)));
  return known;
}
