import type { JSONSchema } from '../core/types';

const numeric = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

function typesOf(schema: JSONSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (typeof schema.type === 'string') return [schema.type];
  return [];
}

/** Whether a schema declares a `default` anywhere in its properties, items or combinators. */
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

function coerceScalar(types: string[], value: string): unknown {
  for (const type of types) {
    if ((type === 'number' || type === 'integer') && numeric.test(value)) {
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

/** A schema's coercion compiled once: a cheap test for "would anything change" and the conversion itself. */
export interface CoercionPlan {
  /** Whether `apply` would change anything in data, ignoring defaults (no copy, no allocation). */
  needs(value: unknown): boolean;
  /** A copy of data converted to the schema's types, with defaults filled in. */
  apply(value: unknown): unknown;
}

const identity: CoercionPlan = { needs: () => false, apply: (value) => value };

function compilePlan(schema: JSONSchema | boolean | undefined): CoercionPlan {
  if (!schema || typeof schema !== 'object') return identity;
  const types = typesOf(schema);
  const hasDefault = 'default' in schema;
  const fallback = schema.default;
  const wrap = types.length === 1 && types[0] === 'array';
  const items = schema.items && typeof schema.items === 'object' && !Array.isArray(schema.items) ? planFor(schema.items) : null;
  const props = schema.properties && typeof schema.properties === 'object' ? (schema.properties as Record<string, JSONSchema>) : null;
  const fields: [string, CoercionPlan][] = props === null ? [] : Object.keys(props).map((key) => [key, planFor(props[key])]);
  const scalar = types.length === 0 || types.includes('string') ? null : types;

  const needs = (value: unknown): boolean => {
    if (value === undefined) return false;
    if (wrap && !Array.isArray(value)) return true;
    if (Array.isArray(value)) {
      if (items === null) return false;
      for (let i = 0; i < value.length; i++) if (items.needs(value[i])) return true;
      return false;
    }
    if (value !== null && typeof value === 'object') {
      if (props === null) return false;
      for (let i = 0; i < fields.length; i++) if (fields[i][1].needs((value as Record<string, unknown>)[fields[i][0]])) return true;
      return false;
    }
    return scalar !== null && typeof value === 'string' && coerceScalar(scalar, value) !== value;
  };

  const apply = (input: unknown): unknown => {
    if (input === undefined) return hasDefault ? structuredClone(fallback) : undefined;
    const value = wrap && !Array.isArray(input) ? [input] : input;
    if (Array.isArray(value)) return items === null ? value : value.map((v) => items.apply(v));
    if (value !== null && typeof value === 'object') {
      if (props === null) return value;
      const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      for (const [key, plan] of fields) {
        const next = plan.apply(out[key]);
        if (next !== undefined) out[key] = next;
      }
      return out;
    }
    return scalar !== null && typeof value === 'string' ? coerceScalar(scalar, value) : value;
  };

  return { needs, apply };
}

const plans = new WeakMap<object, CoercionPlan>();

/** The compiled coercion of a schema, cached per schema object. */
export function planFor(schema: JSONSchema | boolean | undefined): CoercionPlan {
  if (!schema || typeof schema !== 'object') return identity;
  let plan = plans.get(schema);
  if (plan === undefined) {
    let built: CoercionPlan = identity;
    plans.set(schema, { needs: (v) => built.needs(v), apply: (v) => built.apply(v) });
    built = compilePlan(schema);
    plans.set(schema, (plan = built));
  }
  return plan;
}

/**
 * Whether `coerce` would change anything in data for a schema without defaults: a string where the
 * schema wants a number, integer, boolean or null that converts, or a single value where it wants an
 * array. Cheap (no copy, no validation), so `validateAndCoerce` can validate conforming data directly.
 */
export function needsCoercion(schema: JSONSchema | boolean | undefined, value: unknown): boolean {
  return planFor(schema).needs(value);
}

/**
 * Returns a copy of data converted to the schema's types with defaults filled in: strings become numbers,
 * integers, booleans or null where the schema asks for them (query strings and path parameters are all
 * strings), a single value becomes a one-item array where an array is expected, and absent properties
 * with a `default` get a copy of it. Strings that do not convert are left for validation to reject.
 */
export function coerce(schema: JSONSchema | boolean | undefined, value: unknown): unknown {
  return planFor(schema).apply(value);
}
