import type { JSONSchema } from '../core/types';
import { quoteJSONString } from './json-string';

/** Serializes one value to JSON text following a schema. */
export type Serializer = (value: unknown) => string;

/** One compiled schema node: a value in, its JSON text out, or undefined where JSON.stringify would omit it. */
type Writer = (value: unknown) => string | undefined;

/** One property of an object node, with its `{"key":` and `,"key":` prefixes computed once. */
interface Field {
  key: string;
  first: string;
  prefix: string;
  write: Writer;
  /** What the field holds when it is a plain primitive schema, so the object writer inlines it instead of calling `write`. */
  kind: FieldKind;
  /** True when the key also names something on Object.prototype, so an own-property check is needed. */
  shadowed: boolean;
}

/** Field kinds the object writer inlines (plain numbers, so the comparisons stay cheap); anything else calls the field's writer. */
const OTHER = 0;
const STRING = 1;
const NUMBER = 2;
const BOOLEAN = 3;
type FieldKind = typeof OTHER | typeof STRING | typeof NUMBER | typeof BOOLEAN;

const generic: Writer = (value) => JSON.stringify(value);

/** Keywords that let values carry properties or shapes the compiler cannot see; such schemas fall back to JSON.stringify. */
const opaqueKeywords = [
  'allOf',
  'if',
  'then',
  'else',
  'dependentSchemas',
  'unevaluatedProperties',
  'unevaluatedItems',
  'patternProperties',
  'not',
];

const writeString: Writer = (value) => (typeof value === 'string' ? quoteJSONString(value) : JSON.stringify(value));

const writeNumber: Writer = (value) => (typeof value === 'number' ? (Number.isFinite(value) ? '' + value : 'null') : JSON.stringify(value));

const writeBoolean: Writer = (value) => (value === true ? 'true' : value === false ? 'false' : JSON.stringify(value));

const writeNull: Writer = (value) => (value === null ? 'null' : JSON.stringify(value));

/** `type: [<primitive>, 'null']`, the usual nullable field: one comparison instead of a union's category lookup. */
const nullableString: Writer = (value) => (value === null ? 'null' : writeString(value));
const nullableNumber: Writer = (value) => (value === null ? 'null' : writeNumber(value));
const nullableBoolean: Writer = (value) => (value === null ? 'null' : writeBoolean(value));
const nullable = new Map<Writer, Writer>([
  [writeString, nullableString],
  [writeNumber, nullableNumber],
  [writeBoolean, nullableBoolean],
]);

/** The kind an object writer inlines for a field's writer; a nullable primitive keeps its primitive's kind (a null goes to `write`). */
function kindOf(write: Writer): FieldKind {
  if (write === writeString || write === nullableString) return STRING;
  if (write === writeNumber || write === nullableNumber) return NUMBER;
  if (write === writeBoolean || write === nullableBoolean) return BOOLEAN;
  return OTHER;
}

function isPlain(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

const hasOwnEnumerable = (value: object, key: string): boolean => Object.prototype.propertyIsEnumerable.call(value, key);

function hasToJSON(value: object): boolean {
  return typeof (value as { toJSON?: unknown }).toJSON === 'function';
}

function objectWriter(fields: Field[]): Writer {
  const count = fields.length;
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value) || hasToJSON(value)) return JSON.stringify(value);
    const record = value as Record<string, unknown>;
    const plain = isPlain(record);
    let out = '';
    for (let i = 0; i < count; i++) {
      const field = fields[i];
      if ((field.shadowed || !plain) && !hasOwnEnumerable(record, field.key)) continue;
      const item = record[field.key];
      if (item === undefined) continue;
      let text: string | undefined;
      if (field.kind === STRING && typeof item === 'string') text = quoteJSONString(item);
      else if (field.kind === NUMBER && typeof item === 'number') text = Number.isFinite(item) ? '' + item : 'null';
      else if (field.kind === BOOLEAN && typeof item === 'boolean') text = item ? 'true' : 'false';
      else text = field.write(item);
      if (text !== undefined) out = out === '' ? field.first + text : out + field.prefix + text;
    }
    return out === '' ? '{}' : out + '}';
  };
}

/** Arrays longer than this are joined from parts (one flat string) rather than concatenated (a deep rope). */
const JOIN_FROM = 16;

function arrayWriter(prefix: Writer[], rest: Writer): Writer {
  const fixed = prefix.length;
  return (value) => {
    if (!Array.isArray(value) || hasToJSON(value)) return JSON.stringify(value);
    const length = value.length;
    if (length === 0) return '[]';
    if (length > JOIN_FROM) {
      const parts = new Array<string>(length);
      for (let i = 0; i < length; i++) parts[i] = (i < fixed ? prefix[i] : rest)(value[i]) ?? 'null';
      return '[' + parts.join(',') + ']';
    }
    let out = '[' + ((fixed > 0 ? prefix[0] : rest)(value[0]) ?? 'null');
    for (let i = 1; i < length; i++) out += ',' + ((i < fixed ? prefix[i] : rest)(value[i]) ?? 'null');
    return out + ']';
  };
}

function enumWriter(values: unknown[]): Writer | null {
  const known = new Map<unknown, string>();
  for (const value of values) {
    if (value !== null && typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return null;
    const text = JSON.stringify(value);
    if (text !== undefined) known.set(value, typeof value === 'string' ? quoteJSONString(value) : text);
  }
  return (value) => known.get(value) ?? JSON.stringify(value);
}

type Category = 'string' | 'number' | 'boolean' | 'null' | 'array' | 'object';

function categoryOf(value: unknown): Category | null {
  if (value === null) return 'null';
  const type = typeof value;
  if (type === 'string' || type === 'number' || type === 'boolean') return type;
  if (type === 'object') return Array.isArray(value) ? 'array' : 'object';
  return null;
}

function unionWriter(branches: Map<Category, Writer>): Writer {
  return (value) => {
    const category = categoryOf(value);
    const write = category === null ? undefined : branches.get(category);
    return write === undefined ? JSON.stringify(value) : write(value);
  };
}

function typesOf(schema: JSONSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type.filter((t: unknown): t is string => typeof t === 'string');
  if (typeof schema.type === 'string') return [schema.type];
  if (schema.properties && typeof schema.properties === 'object') return ['object'];
  if (schema.items !== undefined || schema.prefixItems !== undefined) return ['array'];
  return [];
}

function pointerTarget(root: JSONSchema, ref: string): JSONSchema | null {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return null;
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return null;
    node = (node as Record<string, unknown>)[key];
  }
  return node !== null && typeof node === 'object' ? (node as JSONSchema) : null;
}

/** Compiles one schema tree; local `$ref`s resolve against the root and recursion goes through a late-bound writer. */
class Compiler {
  private readonly done = new Map<JSONSchema, Writer>();

  constructor(private readonly root: JSONSchema) {}

  compile(schema: unknown): Writer {
    if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return generic;
    const known = this.done.get(schema as JSONSchema);
    if (known !== undefined) return known;
    let target: Writer = generic;
    this.done.set(schema as JSONSchema, (value) => target(value));
    target = this.build(schema as JSONSchema);
    this.done.set(schema as JSONSchema, target);
    return target;
  }

  private build(schema: JSONSchema): Writer {
    if (typeof schema.$ref === 'string') {
      const keys = Object.keys(schema).filter(
        (k) => k !== '$ref' && k !== '$defs' && k !== 'definitions' && k !== '$schema' && k !== '$id',
      );
      const target = keys.length === 0 ? pointerTarget(this.root, schema.$ref) : null;
      return target === null ? generic : this.compile(target);
    }
    if (opaqueKeywords.some((k) => schema[k] !== undefined)) return generic;
    if (Array.isArray(schema.enum)) return enumWriter(schema.enum) ?? generic;
    if ('const' in schema) return enumWriter([schema.const]) ?? generic;
    const union = schema.anyOf ?? schema.oneOf;
    if (union !== undefined) return Array.isArray(union) ? this.unionOfSchemas(union) : generic;
    const types = typesOf(schema);
    if (schema.nullable === true && !types.includes('null')) types.push('null');
    if (types.length === 0) return generic;
    if (types.length === 1) return this.single(types[0], schema);
    if (types.length === 2 && types.includes('null')) {
      const other = this.single(types[0] === 'null' ? types[1] : types[0], schema);
      const wrapped = nullable.get(other);
      if (wrapped !== undefined) return wrapped;
    }
    const branches = new Map<Category, Writer>();
    for (const type of types) {
      const category = (type === 'integer' ? 'number' : type) as Category;
      if (branches.has(category)) continue;
      branches.set(category, this.single(type, schema));
    }
    return unionWriter(branches);
  }

  private single(type: string, schema: JSONSchema): Writer {
    switch (type) {
      case 'string':
        return writeString;
      case 'number':
      case 'integer':
        return writeNumber;
      case 'boolean':
        return writeBoolean;
      case 'null':
        return writeNull;
      case 'array':
        return this.array(schema);
      case 'object':
        return this.object(schema);
      default:
        return generic;
    }
  }

  private object(schema: JSONSchema): Writer {
    const extra = schema.additionalProperties;
    const properties = schema.properties;
    if (extra !== undefined && extra !== false) return generic;
    if (properties === undefined && extra !== false) return generic;
    if (properties !== undefined && (properties === null || typeof properties !== 'object')) return generic;
    const fields: Field[] = Object.keys(properties ?? {}).map((key) => {
      const write = this.compile(properties[key]);
      return {
        key,
        first: '{' + quoteJSONString(key) + ':',
        prefix: ',' + quoteJSONString(key) + ':',
        write,
        kind: kindOf(write),
        shadowed: key in Object.prototype,
      };
    });
    return objectWriter(fields);
  }

  private array(schema: JSONSchema): Writer {
    const tuple = Array.isArray(schema.prefixItems) ? schema.prefixItems : Array.isArray(schema.items) ? schema.items : [];
    const rest = Array.isArray(schema.items) ? schema.additionalItems : schema.items;
    if (tuple.length === 0 && (rest === undefined || rest === true)) return generic;
    return arrayWriter(
      tuple.map((s: unknown) => this.compile(s)),
      rest === undefined ? generic : this.compile(rest),
    );
  }

  private unionOfSchemas(branches: unknown[]): Writer {
    const byCategory = new Map<Category, Writer>();
    for (const branch of branches) {
      if (branch === null || typeof branch !== 'object') return generic;
      const types = typesOf(branch as JSONSchema);
      if (types.length !== 1 || Array.isArray((branch as JSONSchema).enum) || 'const' in (branch as JSONSchema)) return generic;
      const category = (types[0] === 'integer' ? 'number' : types[0]) as Category;
      if (byCategory.has(category)) return generic;
      byCategory.set(category, this.compile(branch));
    }
    return unionWriter(byCategory);
  }
}

let compiled = new WeakMap<object, Serializer>();

/**
 * Compiles a JSON schema into a serializer built from closures (no source text, so it runs on workers).
 * It writes exactly what it can prove from the schema (objects with known properties, arrays, tuples,
 * primitives, nullable, enums, type unions, local `$ref`s), drops properties the schema does not list
 * (as Fastify does) and hands everything else to `JSON.stringify`. Results are cached per schema object.
 */
export function compileSerializer(schema: JSONSchema | boolean): Serializer {
  if (schema === null || typeof schema !== 'object') return (value) => JSON.stringify(value) ?? 'null';
  const cached = compiled.get(schema);
  if (cached !== undefined) return cached;
  const write = new Compiler(schema).compile(schema);
  const serializer: Serializer = (value) => write(value) ?? 'null';
  compiled.set(schema, serializer);
  return serializer;
}

/** Forgets every compiled serializer (for tests, and for apps that mutate schema objects after compiling). */
export function resetSerializerCache(): void {
  compiled = new WeakMap();
}
