import { validateAndCoerce, type JSONSchema } from 'fw';
import { toolError } from './json-result';
import type { ToolResult } from './route-tool-call';

/*
 * Clients often send a primitive of the wrong kind for a route parameter: the inspector's `--tool-arg id=2`
 * sends the number 2 for a string path parameter, a model may send "2" for an integer. The route itself
 * would take both (a URL carries text, and fw's validation turns "2" into 2). So a route tool lists a schema
 * that also accepts those forms, then converts the arguments to the route's own types and checks them
 * strictly before the call: a value that does not convert is a tool error naming the field, and no request.
 */

function typesOf(schema: JSONSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type as string[];
  return typeof schema.type === 'string' ? [schema.type] : [];
}

const isNumeric = (types: string[]): boolean => types.includes('number') || types.includes('integer');

/** The other-typed forms of allowed values a client may send ("2" for 2, 2 for "2", "true" for true). */
function alternativeValues(values: unknown[], text: boolean): unknown[] {
  const out: unknown[] = [];
  for (const value of values) {
    if (typeof value === 'number' || typeof value === 'boolean') out.push(String(value));
    else if (text && typeof value === 'string') {
      if (value === 'true' || value === 'false') out.push(value === 'true');
      else if (value.trim() !== '' && String(Number(value)) === value) out.push(Number(value));
    }
  }
  return out.filter((v) => !values.includes(v));
}

/** The kinds a scalar schema also accepts: numbers and booleans for text, text for numbers and booleans. */
function extraTypes(types: string[]): string[] {
  if (!types.includes('string')) return isNumeric(types) || types.includes('boolean') ? ['string'] : [];
  return [...(isNumeric(types) ? [] : ['number']), ...(types.includes('boolean') ? [] : ['boolean'])];
}

function widenScalar(schema: JSONSchema, types: string[]): JSONSchema {
  const text = types.includes('string');
  const extra = extraTypes(types);
  if (extra.length === 0) return schema;
  const allowed = Array.isArray(schema.enum) ? (schema.enum as unknown[]) : 'const' in schema ? [schema.const] : null;
  if (allowed === null) return { ...schema, type: [...types, ...extra] };
  const added = alternativeValues(allowed, text);
  if (added.length === 0) return schema;
  const addedTypes = extra.filter((t) => added.some((v) => typeof v === t));
  const { const: _const, ...rest } = schema;
  return { ...rest, type: [...types, ...addedTypes], enum: [...allowed, ...added] };
}

/** The schema a route tool lists and the server checks: the route's, with each scalar also accepting the forms it converts from. */
export function acceptedSchema(schema: JSONSchema): JSONSchema {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  let out = schema;
  const properties = schema.properties as Record<string, JSONSchema> | undefined;
  if (properties && typeof properties === 'object') {
    out = { ...out, properties: Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, acceptedSchema(value)])) };
  }
  if (schema.items && typeof schema.items === 'object' && !Array.isArray(schema.items))
    out = { ...out, items: acceptedSchema(schema.items as JSONSchema) };
  const types = typesOf(schema);
  return types.length > 0 && !types.includes('object') && !types.includes('array') ? widenScalar(out, types) : out;
}

/** Numbers and booleans where the schema wants only text become their text (the half fw's coercion does not do). */
function numbersToText(schema: JSONSchema | undefined, value: unknown): unknown {
  if (!schema || typeof schema !== 'object') return value;
  const types = typesOf(schema);
  if (typeof value === 'number' && types.includes('string') && !isNumeric(types)) return String(value);
  if (typeof value === 'boolean' && types.includes('string') && !types.includes('boolean')) return String(value);
  if (Array.isArray(value)) {
    const items = schema.items as JSONSchema | undefined;
    return items && typeof items === 'object' && !Array.isArray(items) ? value.map((item) => numbersToText(items, item)) : value;
  }
  const properties = schema.properties as Record<string, JSONSchema> | undefined;
  if (value === null || typeof value !== 'object' || !properties) return value;
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const key of Object.keys(properties)) if (key in out) out[key] = numbersToText(properties[key], out[key]);
  return out;
}

/**
 * Converts a route tool's arguments to the route's types (2 to "2" for text, "2" to 2 and "true" to true as fw's
 * own validation does) and checks them against the route's schema. A value that does not convert is a tool error
 * naming each failing field, worded as the server words its own schema check (SEP-1303: the model can correct it).
 */
export function coerceArguments(
  tool: string,
  schema: JSONSchema,
  args: Record<string, unknown>,
): { args: Record<string, unknown> } | { error: ToolResult } {
  const checked = validateAndCoerce<Record<string, unknown>>(schema, numbersToText(schema, args));
  if (checked.valid) return { args: checked.value };
  return {
    error: toolError(
      `Invalid arguments for tool "${tool}": ${checked.errors.map((e) => `${e.path || '(root)'}: ${e.message}`).join('; ')}`,
    ),
  };
}
