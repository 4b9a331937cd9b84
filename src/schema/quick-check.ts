import { deepCompareStrict, format, ucs2length, type SchemaDraft } from '@cfworker/json-schema';

/** A compiled validity test: true only when `@cfworker/json-schema` would also find the data valid. */
export type QuickCheck = (value: unknown) => boolean;

type Kind = 'null' | 'array' | 'object' | 'string' | 'number' | 'boolean';
type Test = (value: any, kind: Kind) => boolean;

/** Keywords with no effect on validity (annotations, containers only reachable through `$ref`, vendor extensions). */
const annotations = new Set([
  'title', 'description', 'default', 'examples', 'example', '$comment', 'deprecated', 'readOnly', 'writeOnly',
  '$schema', '$id', '$defs', 'definitions', 'nullable', 'contentMediaType', 'contentEncoding',
]);

const handled = new Set([
  'type', 'enum', 'const', 'required', 'properties', 'additionalProperties', 'minProperties', 'maxProperties',
  'items', 'minItems', 'maxItems', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum',
  'minLength', 'maxLength', 'pattern', 'format',
]);

const formats = format as Record<string, ((text: string) => boolean) | undefined>;

function kindOf(value: unknown): Kind | null {
  switch (typeof value) {
    case 'string': return 'string';
    case 'number': return 'number';
    case 'boolean': return 'boolean';
    case 'object': return value === null ? 'null' : Array.isArray(value) ? 'array' : 'object';
    default: return null;
  }
}

const isCount = (value: unknown): value is number => typeof value === 'number';
const hasOwn = (value: object, key: string): boolean => Object.prototype.hasOwnProperty.call(value, key);

function typeTest(type: unknown): Test | null {
  if (Array.isArray(type)) {
    const list = [...type] as string[];
    return (v, kind) => list.some((t) => kind === t || (t === 'integer' && kind === 'number' && v % 1 === 0 && v === v));
  }
  if (type === 'integer') return (v, kind) => kind === 'number' && !(v % 1) && v === v;
  if (typeof type === 'string') return (_v, kind) => kind === type;
  return null;
}

function valueTests(schema: Record<string, unknown>, tests: Test[]): boolean {
  if (schema.const !== undefined) {
    const expected = schema.const;
    tests.push((v, kind) => (kind === 'object' || kind === 'array' ? deepCompareStrict(v, expected) : v === expected));
  }
  if (schema.enum !== undefined) {
    if (!Array.isArray(schema.enum)) return false;
    const options = schema.enum;
    tests.push((v, kind) => (kind === 'object' || kind === 'array' ? options.some((o) => deepCompareStrict(v, o)) : options.some((o) => o === v)));
  }
  return true;
}

function numberTests(schema: Record<string, unknown>, tests: Test[]): boolean {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = schema;
  for (const bound of [minimum, maximum, exclusiveMinimum, exclusiveMaximum]) if (bound !== undefined && !isCount(bound)) return false;
  if (minimum !== undefined) tests.push((v, kind) => kind !== 'number' || !(v < (minimum as number)));
  if (maximum !== undefined) tests.push((v, kind) => kind !== 'number' || !(v > (maximum as number)));
  if (exclusiveMinimum !== undefined) tests.push((v, kind) => kind !== 'number' || !(v <= (exclusiveMinimum as number)));
  if (exclusiveMaximum !== undefined) tests.push((v, kind) => kind !== 'number' || !(v >= (exclusiveMaximum as number)));
  return true;
}

function stringTests(schema: Record<string, unknown>, tests: Test[]): boolean {
  const { minLength, maxLength, pattern, format: name } = schema;
  if ((minLength !== undefined && !isCount(minLength)) || (maxLength !== undefined && !isCount(maxLength))) return false;
  if (minLength !== undefined || maxLength !== undefined) {
    const min = (minLength as number | undefined) ?? -Infinity;
    const max = (maxLength as number | undefined) ?? Infinity;
    tests.push((v, kind) => {
      if (kind !== 'string') return true;
      const length = ucs2length(v);
      return !(length < min) && !(length > max);
    });
  }
  if (pattern !== undefined) {
    if (typeof pattern !== 'string') return false;
    let regex: RegExp;
    try {
      regex = new RegExp(pattern, 'u');
    } catch {
      return false;
    }
    tests.push((v, kind) => kind !== 'string' || regex.test(v));
  }
  if (name !== undefined) {
    const check = typeof name === 'string' ? formats[name] : undefined;
    if (check !== undefined) tests.push((v, kind) => kind !== 'string' || check(v));
  }
  return true;
}

function arrayTests(schema: Record<string, unknown>, tests: Test[], draft: SchemaDraft): boolean {
  const { minItems, maxItems, items } = schema;
  if ((minItems !== undefined && !isCount(minItems)) || (maxItems !== undefined && !isCount(maxItems))) return false;
  if (minItems !== undefined) tests.push((v, kind) => kind !== 'array' || !(v.length < (minItems as number)));
  if (maxItems !== undefined) tests.push((v, kind) => kind !== 'array' || !(v.length > (maxItems as number)));
  if (items !== undefined) {
    if (Array.isArray(items)) return false;
    const each = compileQuickCheck(items, draft);
    if (each === null) return false;
    tests.push((v: unknown[], kind) => kind !== 'array' || v.every((item) => each(item)));
  }
  return true;
}

function objectTests(schema: Record<string, unknown>, tests: Test[], draft: SchemaDraft): boolean {
  const { required, properties, additionalProperties, minProperties, maxProperties } = schema;
  if ((minProperties !== undefined && !isCount(minProperties)) || (maxProperties !== undefined && !isCount(maxProperties))) return false;
  if (required !== undefined) {
    if (!Array.isArray(required)) return false;
    const keys = [...required] as string[];
    tests.push((v, kind) => kind !== 'object' || keys.every((key) => hasOwn(v, key)));
  }
  if (minProperties !== undefined) tests.push((v, kind) => kind !== 'object' || !(Object.keys(v).length < (minProperties as number)));
  if (maxProperties !== undefined) tests.push((v, kind) => kind !== 'object' || !(Object.keys(v).length > (maxProperties as number)));
  const known = new Set<string>();
  if (properties !== undefined) {
    if (properties === null || typeof properties !== 'object' || Array.isArray(properties)) return false;
    const fields: [string, QuickCheck][] = [];
    for (const [key, sub] of Object.entries(properties)) {
      const check = compileQuickCheck(sub, draft);
      if (check === null) return false;
      fields.push([key, check]);
      known.add(key);
    }
    tests.push((v, kind) => kind !== 'object' || fields.every(([key, check]) => !hasOwn(v, key) || check(v[key])));
  }
  if (additionalProperties !== undefined) {
    const extra = compileQuickCheck(additionalProperties, draft);
    if (extra === null) return false;
    tests.push((v, kind) => {
      if (kind !== 'object') return true;
      for (const key in v) if (!(known.has(key) && hasOwn(v, key)) && !extra(v[key])) return false;
      return true;
    });
  }
  return true;
}

/**
 * Compiles the common subset of JSON Schema (types, enum/const, object, array, number and string
 * constraints, formats) into closures that answer "valid?" with exactly `@cfworker/json-schema`'s
 * semantics, much faster than its interpreter. Returns null for anything outside the subset (`$ref`,
 * combinators, conditionals, tuples, `multipleOf`, unknown keywords, draft 4), which then goes to the
 * interpreter; and a false answer goes there too, since only it produces the error list.
 */
export function compileQuickCheck(schema: unknown, draft: SchemaDraft): QuickCheck | null {
  if (schema === true) return () => true;
  if (schema === false) return () => false;
  if (draft === '4' || schema === null || typeof schema !== 'object' || Array.isArray(schema)) return null;
  const s = schema as Record<string, unknown>;
  for (const key of Object.keys(s)) if (!handled.has(key) && !annotations.has(key) && !key.startsWith('x-')) return null;
  const tests: Test[] = [];
  if (s.type !== undefined) {
    const test = typeTest(s.type);
    if (test === null) return null;
    tests.push(test);
  }
  const ok = valueTests(s, tests) && numberTests(s, tests) && stringTests(s, tests) && arrayTests(s, tests, draft) && objectTests(s, tests, draft);
  if (!ok) return null;
  const count = tests.length;
  return (value) => {
    const kind = kindOf(value);
    if (kind === null) return false;
    for (let i = 0; i < count; i++) if (!tests[i](value, kind)) return false;
    return true;
  };
}
