/**
 * Whether a schema has the shape its draft's meta-schema asks for, checked by walking it against a table of keyword
 * kinds instead of validating it against the meta-schema. The answer is the meta-schema's (test/schema checks the two
 * agree on generated schemas), but costs microseconds and builds nothing: compiling the meta-schema into closures
 * took 5-15 ms on the first route with a schema. Only a schema it refuses goes through the meta-schema, for the words.
 */
import { deepCompareStrict, format, type SchemaDraft } from '@cfworker/json-schema';

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

/** The keywords each draft's meta-schema constrains (any other keyword may hold anything). */
const kinds: Record<SchemaDraft, Record<string, Kind>> = {
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

const simpleTypes = new Set(['array', 'boolean', 'integer', 'null', 'number', 'object', 'string']);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): boolean => typeof value === 'number' && Number.isInteger(value) && value >= 0;
const isString = (value: unknown): value is string => typeof value === 'string';

/** No two items equal, as the validator's `uniqueItems` compares them (`===`, objects and arrays by content). */
function unique(values: unknown[]): boolean {
  for (let j = 1; j < values.length; j++) {
    const a = values[j];
    for (let k = 0; k < j; k++) {
      const b = values[k];
      if (a === b || (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null && deepCompareStrict(a, b))) return false;
    }
  }
  return true;
}

function isStrings(value: unknown, draft: SchemaDraft): boolean {
  return Array.isArray(value) && (draft !== '4' || value.length > 0) && value.every(isString) && unique(value);
}

function isType(value: unknown): boolean {
  if (isString(value)) return simpleTypes.has(value);
  return Array.isArray(value) && value.length > 0 && value.every((t) => isString(t) && simpleTypes.has(t)) && unique(value);
}

/** Whether a value has the kind a keyword asks for (`schema` kinds recurse into the subschemas). */
function fits(kind: Kind, value: unknown, draft: SchemaDraft): boolean {
  switch (kind) {
    case 'schema':
      return fitsShape(value, draft);
    case 'booleanOrSchema':
      return typeof value === 'boolean' || fitsShape(value, draft);
    case 'schemas':
      return Array.isArray(value) && value.length > 0 && value.every((s) => fitsShape(s, draft));
    case 'schemaMap':
      return isObject(value) && Object.values(value).every((s) => fitsShape(s, draft));
    case 'patternMap':
      return (
        isObject(value) && Object.entries(value).every(([pattern, s]) => (draft === '4' || format.regex(pattern)) && fitsShape(s, draft))
      );
    case 'schemaOrSchemas':
      return fitsShape(value, draft) || fits('schemas', value, draft);
    case 'schemaOrStrings':
      return isObject(value) && Object.values(value).every((s) => fitsShape(s, draft) || isStrings(s, draft));
    case 'count':
      return isCount(value);
    case 'number':
      return typeof value === 'number';
    case 'positive':
      return typeof value === 'number' && value > 0;
    case 'boolean':
      return typeof value === 'boolean';
    case 'string':
      return isString(value);
    case 'regex':
      return isString(value) && format.regex(value);
    case 'uri':
      return isString(value) && format.uri(value);
    case 'uriRef':
      return isString(value) && format['uri-reference'](value);
    case 'id':
      return isString(value) && format['uri-reference'](value) && /^[^#]*#?$/.test(value);
    case 'anchor':
      return isString(value) && /^[A-Za-z_][-A-Za-z0-9._]*$/.test(value);
    case 'anchor2019':
      return isString(value) && /^[A-Za-z][-A-Za-z0-9.:_]*$/.test(value);
    case 'strings':
      return isStrings(value, draft);
    case 'stringsMap':
      return isObject(value) && Object.values(value).every((s) => isStrings(s, draft));
    case 'type':
      return isType(value);
    case 'array':
      return Array.isArray(value);
    case 'uniqueArray':
      return Array.isArray(value) && value.length > 0 && unique(value);
    case 'vocabulary':
      return isObject(value) && Object.entries(value).every(([uri, on]) => format.uri(uri) && typeof on === 'boolean');
  }
}

/**
 * True when the schema is what its draft's meta-schema accepts: an object (or, after draft 4, a boolean) whose
 * keywords hold values of the kinds the meta-schema gives them, subschemas included. Throws (a stack overflow) on a
 * schema that contains itself, as validating it against the meta-schema does.
 */
export function fitsShape(schema: unknown, draft: SchemaDraft): boolean {
  if (typeof schema === 'boolean') return draft !== '4';
  if (!isObject(schema)) return false;
  const table = kinds[draft];
  for (const key in schema) {
    const kind = table[key];
    if (kind !== undefined && !fits(kind, schema[key], draft)) return false;
  }
  if (
    draft === '4' &&
    (('exclusiveMaximum' in schema && !('maximum' in schema)) || ('exclusiveMinimum' in schema && !('minimum' in schema)))
  )
    return false;
  return true;
}
