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

/**
 * Whether `coerce` would change anything in data for a schema without defaults: a string where the
 * schema wants a number, integer, boolean or null that converts, or a single value where it wants an
 * array. Cheap (no copy, no validation), so `validateAndCoerce` can validate conforming data directly.
 */
export function needsCoercion(schema: JSONSchema | boolean | undefined, value: unknown): boolean {
  if (!schema || typeof schema !== 'object' || value === undefined) return false;
  const types = typesOf(schema);
  if (types.length === 1 && types[0] === 'array' && !Array.isArray(value)) return true;
  if (Array.isArray(value)) {
    const items = schema.items;
    return Boolean(items && typeof items === 'object' && !Array.isArray(items) && value.some((v) => needsCoercion(items, v)));
  }
  if (value !== null && typeof value === 'object') {
    const props = schema.properties as Record<string, JSONSchema> | undefined;
    if (!props || typeof props !== 'object') return false;
    for (const key in props) if (needsCoercion(props[key], (value as Record<string, unknown>)[key])) return true;
    return false;
  }
  if (typeof value !== 'string' || types.length === 0 || types.includes('string')) return false;
  return coerceScalar(types, value) !== value;
}

/**
 * Returns a copy of data converted to the schema's types with defaults filled in: strings become numbers,
 * integers, booleans or null where the schema asks for them (query strings and path parameters are all
 * strings), a single value becomes a one-item array where an array is expected, and absent properties
 * with a `default` get a copy of it. Strings that do not convert are left for validation to reject.
 */
export function coerce(schema: JSONSchema | boolean | undefined, value: unknown): unknown {
  if (!schema || typeof schema !== 'object') return value;
  if (value === undefined) return 'default' in schema ? structuredClone(schema.default) : undefined;
  const types = typesOf(schema);
  if (types.length === 1 && types[0] === 'array' && !Array.isArray(value)) value = [value];
  if (Array.isArray(value)) {
    const items = schema.items;
    return items && typeof items === 'object' && !Array.isArray(items) ? value.map((v) => coerce(items, v)) : value;
  }
  if (value !== null && typeof value === 'object') {
    const props = schema.properties as Record<string, JSONSchema> | undefined;
    if (!props || typeof props !== 'object') return value;
    const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const key in props) {
      const next = coerce(props[key], out[key]);
      if (next !== undefined) out[key] = next;
    }
    return out;
  }
  if (typeof value !== 'string' || types.length === 0 || types.includes('string')) return value;
  return coerceScalar(types, value);
}
