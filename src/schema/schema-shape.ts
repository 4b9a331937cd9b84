/**
 * A schema checked against what its draft's meta-schema asks, without the meta-schema: a table per draft of what each
 * keyword the meta-schema constrains must hold (a schema, a non-empty schema array, a map of schemas, a non-negative
 * integer, a regex, a URI reference, unique strings, the type names, ...), subschemas walked the same way. The verdict
 * is the meta-schema's (test/schema/schema-shape.property.test.ts checks both on every keyword with every sample value
 * and on generated nested schemas, drafts 2020-12, 2019-09, 7 and 4), and so are the words, as fw words a validation
 * error against the meta-schema (`must be integer, got "ten"`). It costs microseconds and nothing is parsed or
 * compiled: checking against the meta-schema compiled it into closures first (5-15 ms on the first route with a
 * schema), and its text was 15 KB of every `fw` bundle.
 */
import { format, type SchemaDraft } from '@cfworker/json-schema';
import { firstDuplicate } from './duplicate-items';
import { describeValue, unionWords } from './error-text';
import { toPointer } from './json-pointer';

/** What a keyword's value must be. */
type Kind =
  | 'schema'
  | 'booleanOrSchema'
  | 'schemas'
  | 'schemaMap'
  | 'patternMap'
  | 'schemaOrSchemas'
  | 'schemaOrStrings'
  | 'count'
  | 'number'
  | 'positive'
  | 'boolean'
  | 'string'
  | 'regex'
  | 'uri'
  | 'uriRef'
  | 'id'
  | 'anchor'
  | 'anchor2019'
  | 'strings'
  | 'stringsMap'
  | 'type'
  | 'array'
  | 'uniqueArray'
  | 'vocabulary';

/**
 * The keywords each draft's meta-schema constrains (any other keyword may hold anything), built by the first walk
 * rather than when the module loads: every `fw` bundle carries this module, most apps never check a schema.
 */
function buildKinds(): Record<SchemaDraft, Record<string, Kind>> {
  const common: Record<string, Kind> = {
    $schema: 'uri',
    $comment: 'string',
    title: 'string',
    description: 'string',
    readOnly: 'boolean',
    examples: 'array',
    multipleOf: 'positive',
    maximum: 'number',
    exclusiveMaximum: 'number',
    minimum: 'number',
    exclusiveMinimum: 'number',
    maxLength: 'count',
    minLength: 'count',
    pattern: 'regex',
    maxItems: 'count',
    minItems: 'count',
    uniqueItems: 'boolean',
    contains: 'schema',
    maxProperties: 'count',
    minProperties: 'count',
    required: 'strings',
    additionalProperties: 'schema',
    definitions: 'schemaMap',
    properties: 'schemaMap',
    patternProperties: 'patternMap',
    dependencies: 'schemaOrStrings',
    propertyNames: 'schema',
    type: 'type',
    format: 'string',
    contentMediaType: 'string',
    contentEncoding: 'string',
    if: 'schema',
    then: 'schema',
    else: 'schema',
    allOf: 'schemas',
    anyOf: 'schemas',
    oneOf: 'schemas',
    not: 'schema',
  };

  const draft7: Record<string, Kind> = {
    ...common,
    $id: 'uriRef',
    $ref: 'uriRef',
    additionalItems: 'schema',
    items: 'schemaOrSchemas',
    enum: 'uniqueArray',
  };

  const since2019: Record<string, Kind> = {
    ...common,
    $id: 'id',
    $ref: 'uriRef',
    $vocabulary: 'vocabulary',
    $defs: 'schemaMap',
    unevaluatedItems: 'schema',
    unevaluatedProperties: 'schema',
    dependentSchemas: 'schemaMap',
    maxContains: 'count',
    minContains: 'count',
    dependentRequired: 'stringsMap',
    enum: 'array',
    deprecated: 'boolean',
    writeOnly: 'boolean',
    contentSchema: 'schema',
  };

  /** Keywords draft 4's meta-schema does not know (so they may hold anything there). */
  const notInDraft4 = new Set(
    '$comment readOnly examples contains propertyNames format contentMediaType contentEncoding if then else'.split(' '),
  );

  return {
    '4': {
      ...Object.fromEntries(Object.entries(common).filter(([key]) => !notInDraft4.has(key))),
      id: 'uri',
      exclusiveMaximum: 'boolean',
      exclusiveMinimum: 'boolean',
      additionalItems: 'booleanOrSchema',
      additionalProperties: 'booleanOrSchema',
      items: 'schemaOrSchemas',
      enum: 'uniqueArray',
    },
    '7': draft7,
    '2019-09': {
      ...since2019,
      $anchor: 'anchor2019',
      $recursiveRef: 'uriRef',
      $recursiveAnchor: 'boolean',
      additionalItems: 'schema',
      items: 'schemaOrSchemas',
    },
    '2020-12': {
      ...since2019,
      $anchor: 'anchor',
      $dynamicRef: 'uriRef',
      $dynamicAnchor: 'anchor',
      $recursiveRef: 'uriRef',
      $recursiveAnchor: 'anchor',
      prefixItems: 'schemas',
      items: 'schema',
    },
  };
}

let kinds: Record<SchemaDraft, Record<string, Kind>> | null = null;

const simpleTypes = ['array', 'boolean', 'integer', 'null', 'number', 'object', 'string'];
const typeNames = 'be one of "array", "boolean", "integer", "null", "number", "object", "string"';

/** A mistake in a schema: where (JSON pointer into the schema) and what is wrong with it. */
export interface SchemaProblem {
  path: string;
  message: string;
}

/** A problem as the walk finds it: also which meta-schema keyword failed and what it asked for (null: no \`must\`). */
interface Found extends SchemaProblem {
  keyword: string;
  must: string | null;
}

/** One walk: the draft, and the problems found so far. */
interface Walk {
  draft: SchemaDraft;
  problems: Found[];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Records that the value at `at` fails a keyword (`type` unless named) asking it to `must`. */
function fail(walk: Walk, at: string[], must: string, got: string, keyword = 'type'): false {
  walk.problems.push({ path: toPointer(at), message: `must ${must}, got ${got}`, keyword, must });
  return false;
}

/** What a subschema is, as a type: `be object or boolean` (draft 4: `be object`). */
const schemaType = (walk: Walk): string => (walk.draft === '4' ? 'be object' : 'be object or boolean');

/** An array's own constraints (at least one item, no duplicates), each a problem at the array; true when none fails. */
function arrayRules(walk: Walk, at: string[], value: unknown[], nonEmpty: boolean, unique: boolean): boolean {
  let ok = true;
  if (nonEmpty && value.length === 0) ok = fail(walk, at, 'have at least 1 item', '0', 'minItems');
  const pair = unique ? firstDuplicate(value) : null;
  if (pair !== null) ok = fail(walk, at, 'have no duplicate items', `a duplicate (items ${pair[0]} and ${pair[1]})`, 'uniqueItems');
  return ok;
}

/** A string that must pass a format and/or match a pattern; true when it does. */
function stringRule(
  walk: Walk,
  at: string[],
  value: unknown,
  formatName: 'regex' | 'uri' | 'uri-reference' | null,
  pattern?: RegExp,
): boolean {
  if (typeof value !== 'string') return fail(walk, at, 'be string', describeValue(value));
  let ok = true;
  if (formatName !== null && !format[formatName](value)) ok = fail(walk, at, `be a valid ${formatName}`, describeValue(value), 'format');
  if (pattern !== undefined && !pattern.test(value))
    ok = fail(walk, at, `match pattern ${pattern.source}`, describeValue(value), 'pattern');
  return ok;
}

/** A non-negative integer; true when it is one. */
function countRule(walk: Walk, at: string[], value: unknown): boolean {
  if (typeof value !== 'number') return fail(walk, at, 'be integer', describeValue(value));
  let ok = true;
  if (!Number.isInteger(value)) ok = fail(walk, at, 'be integer', describeValue(value));
  if (value < 0) ok = fail(walk, at, 'be >= 0', describeValue(value), 'minimum');
  return ok;
}

/** An array of unique strings (draft 4: at least one). */
function stringsRule(walk: Walk, at: string[], value: unknown): boolean {
  if (!Array.isArray(value)) return fail(walk, at, 'be array', describeValue(value));
  let ok = true;
  value.forEach((item, i) => {
    if (typeof item !== 'string') ok = fail(walk, [...at, String(i)], 'be string', describeValue(item));
  });
  return arrayRules(walk, at, value, walk.draft === '4', true) && ok;
}

/** An object whose property names and values each pass a rule. */
function mapRule(
  walk: Walk,
  at: string[],
  value: unknown,
  each: (walk: Walk, at: string[], value: unknown) => boolean,
  nameFormat?: 'regex' | 'uri',
): boolean {
  if (!isObject(value)) return fail(walk, at, 'be object', describeValue(value));
  let ok = true;
  for (const name of Object.keys(value)) {
    if (nameFormat !== undefined && !format[nameFormat](name)) {
      const message = `has property name ${JSON.stringify(name)} that must be a valid ${nameFormat}, got ${JSON.stringify(name)}`;
      walk.problems.push({ path: toPointer(at), message, keyword: 'propertyNames', must: null });
      ok = false;
    }
  }
  for (const [name, item] of Object.entries(value)) if (!each(walk, [...at, name], item)) ok = false;
  return ok;
}

/**
 * A value that may be one of two things (the meta-schema's `anyOf`), worded as fw words a failed union: the value
 * fits neither at its own level: `must <first> or <second>, got <value>`; it has the shape of one, which fails deeper
 * down: that one's problems; otherwise: that it matches neither.
 */
function eitherRule(walk: Walk, at: string[], value: unknown, branches: [(w: Walk) => boolean, (w: Walk) => boolean]): boolean {
  const tries = branches.map((branch) => {
    const w: Walk = { draft: walk.draft, problems: [] };
    return { ok: branch(w), problems: w.problems };
  });
  if (tries.some((t) => t.ok)) return true;
  const here = toPointer(at);
  const words = unionWords(
    tries.map(({ problems }) => ({
      musts: problems.map((p) => (p.path === here && p.keyword !== 'anyOf' ? p.must : null)),
      typeOnly: problems.every((p) => p.keyword === 'type' && p.path === here),
    })),
  );
  if (typeof words === 'number') walk.problems.push(...tries[words].problems);
  else fail(walk, at, words ?? 'match one of the anyOf schemas', describeValue(value), 'anyOf');
  return false;
}

/** The type keyword: a type name, or a non-empty array of unique type names. */
function typeRule(walk: Walk, at: string[], value: unknown): boolean {
  return eitherRule(walk, at, value, [
    (w) => (typeof value === 'string' && simpleTypes.includes(value) ? true : fail(w, at, typeNames, describeValue(value), 'enum')),
    (w) => {
      if (!Array.isArray(value)) return fail(w, at, 'be array', describeValue(value));
      let ok = true;
      value.forEach((item, i) => {
        if (!(typeof item === 'string' && simpleTypes.includes(item)))
          ok = fail(w, [...at, String(i)], typeNames, describeValue(item), 'enum');
      });
      return arrayRules(w, at, value, true, true) && ok;
    },
  ]);
}

/** A non-empty array of subschemas. */
function schemasRule(walk: Walk, at: string[], value: unknown): boolean {
  if (!Array.isArray(value)) return fail(walk, at, 'be array', describeValue(value));
  let ok = arrayRules(walk, at, value, true, false);
  value.forEach((item, i) => {
    if (!walkSchema(walk, [...at, String(i)], item)) ok = false;
  });
  return ok;
}

/** Whether a keyword's value is of its kind; each mistake becomes a problem in the walk. */
function check(kind: Kind, walk: Walk, at: string[], value: unknown): boolean {
  const got = () => describeValue(value);
  switch (kind) {
    case 'schema':
      return walkSchema(walk, at, value);
    case 'booleanOrSchema':
      return eitherRule(walk, at, value, [
        (w) => (typeof value === 'boolean' ? true : fail(w, at, 'be boolean', got())),
        (w) => walkSchema(w, at, value),
      ]);
    case 'schemas':
      return schemasRule(walk, at, value);
    case 'schemaMap':
      return mapRule(walk, at, value, walkSchema);
    case 'patternMap':
      return mapRule(walk, at, value, walkSchema, walk.draft === '4' ? undefined : 'regex');
    case 'schemaOrSchemas':
      return eitherRule(walk, at, value, [(w) => walkSchema(w, at, value), (w) => schemasRule(w, at, value)]);
    case 'schemaOrStrings':
      return mapRule(walk, at, value, (w, where, item) =>
        eitherRule(w, where, item, [(b) => walkSchema(b, where, item), (b) => stringsRule(b, where, item)]),
      );
    case 'count':
      return countRule(walk, at, value);
    case 'number':
      return typeof value === 'number' || fail(walk, at, 'be number', got());
    case 'positive':
      if (typeof value !== 'number') return fail(walk, at, 'be number', got());
      return value > 0 || fail(walk, at, 'be > 0', got(), 'exclusiveMinimum');
    case 'boolean':
      return typeof value === 'boolean' || fail(walk, at, 'be boolean', got());
    case 'string':
      return typeof value === 'string' || fail(walk, at, 'be string', got());
    case 'regex':
      return stringRule(walk, at, value, 'regex');
    case 'uri':
      return stringRule(walk, at, value, 'uri');
    case 'uriRef':
      return stringRule(walk, at, value, 'uri-reference');
    case 'id':
      return stringRule(walk, at, value, 'uri-reference', /^[^#]*#?$/);
    case 'anchor':
      return stringRule(walk, at, value, null, /^[A-Za-z_][-A-Za-z0-9._]*$/);
    case 'anchor2019':
      return stringRule(walk, at, value, null, /^[A-Za-z][-A-Za-z0-9.:_]*$/);
    case 'strings':
      return stringsRule(walk, at, value);
    case 'stringsMap':
      return mapRule(walk, at, value, stringsRule);
    case 'type':
      return typeRule(walk, at, value);
    case 'array':
      return Array.isArray(value) || fail(walk, at, 'be array', got());
    case 'uniqueArray':
      if (!Array.isArray(value)) return fail(walk, at, 'be array', got());
      return arrayRules(walk, at, value, true, true);
    case 'vocabulary':
      return mapRule(walk, at, value, (w, where, on) => typeof on === 'boolean' || fail(w, where, 'be boolean', describeValue(on)), 'uri');
  }
}

/** Walks one (sub)schema: its type, then each keyword its draft constrains, in the meta-schema's order. */
function walkSchema(walk: Walk, at: string[], schema: unknown): boolean {
  if (typeof schema === 'boolean' && walk.draft !== '4') return true;
  if (!isObject(schema)) return fail(walk, at, schemaType(walk), describeValue(schema));
  kinds ??= buildKinds();
  const table = kinds[walk.draft];
  let ok = true;
  for (const key in table) if (key in schema && !check(table[key], walk, [...at, key], schema[key])) ok = false;
  if (walk.draft === '4') {
    for (const [bound, limit] of [
      ['exclusiveMaximum', 'maximum'],
      ['exclusiveMinimum', 'minimum'],
    ]) {
      if (bound in schema && !(limit in schema)) {
        const message = `is required when ${JSON.stringify(bound)} is present`;
        walk.problems.push({ path: toPointer([...at, limit]), message, keyword: 'dependencies', must: null });
        ok = false;
      }
    }
  }
  return ok;
}

/**
 * The problems of a schema against its draft's meta-schema, worded as fw words validation errors (`must be integer,
 * got "ten"`), each at its JSON pointer into the schema; empty when the meta-schema accepts it. Throws (a stack
 * overflow) on a schema that contains itself.
 */
export function shapeProblems(schema: unknown, draft: SchemaDraft): SchemaProblem[] {
  const walk: Walk = { draft, problems: [] };
  walkSchema(walk, [], schema);
  return walk.problems.map(({ path, message }) => ({ path, message }));
}
