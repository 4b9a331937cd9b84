import type { JSONSchema } from '../core/types';

const identifier = /^[A-Za-z_$][\w$]*$/;

/** A property key as TypeScript writes it: bare when it is an identifier, quoted otherwise. */
export function propertyKey(name: string): string {
  return identifier.test(name) ? name : JSON.stringify(name);
}

function literal(value: unknown): string {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value) ? JSON.stringify(value) : 'unknown';
}

function union(types: string[]): string {
  const unique = [...new Set(types)];
  return unique.length === 0
    ? 'never'
    : unique.length === 1
      ? unique[0]
      : unique.map((t) => (t.includes(' ') && !t.startsWith('{') ? `(${t})` : t)).join(' | ');
}

function objectType(schema: JSONSchema, depth: number, indent: string): string {
  const properties = (schema.properties ?? {}) as Record<string, JSONSchema>;
  const required = new Set<string>(Array.isArray(schema.required) ? schema.required : []);
  const inner = `${indent}  `;
  const lines = Object.entries(properties).map(
    ([name, s]) => `${inner}${propertyKey(name)}${required.has(name) ? '' : '?'}: ${schemaToType(s, depth + 1, inner)};`,
  );
  const extra = schema.additionalProperties;
  if (extra !== false && (Object.keys(properties).length === 0 || (extra && typeof extra === 'object'))) {
    lines.push(`${inner}[key: string]: unknown;`);
  }
  return lines.length === 0 ? 'Record<string, never>' : `{\n${lines.join('\n')}\n${indent}}`;
}

/**
 * The TypeScript type of a JSON Schema (the subset OpenAPI documents use: type, properties, required, items,
 * enum, const, anyOf/oneOf, allOf, nullable type lists). What it cannot express becomes `unknown`.
 */
export function schemaToType(schema: JSONSchema | boolean | undefined, depth = 0, indent = ''): string {
  if (schema === undefined || schema === true || depth > 12) return 'unknown';
  if (schema === false) return 'never';
  if ('const' in schema) return literal(schema.const);
  if (Array.isArray(schema.enum)) return union(schema.enum.map(literal));
  if (Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf)) {
    return union(((schema.anyOf ?? schema.oneOf) as JSONSchema[]).map((s) => schemaToType(s, depth + 1, indent)));
  }
  if (Array.isArray(schema.allOf)) return schema.allOf.map((s: JSONSchema) => schemaToType(s, depth + 1, indent)).join(' & ') || 'unknown';
  const types: unknown[] = Array.isArray(schema.type)
    ? schema.type
    : schema.type === undefined
      ? schema.properties
        ? ['object']
        : []
      : [schema.type];
  if (types.length === 0) return 'unknown';
  return union(
    types.map((type) => {
      switch (type) {
        case 'string':
          return 'string';
        case 'integer':
        case 'number':
          return 'number';
        case 'boolean':
          return 'boolean';
        case 'null':
          return 'null';
        case 'array': {
          const item = schemaToType(schema.items as JSONSchema | undefined, depth + 1, indent);
          return item.includes(' ') && !item.startsWith('{') ? `Array<${item}>` : `${item}[]`;
        }
        case 'object':
          return objectType(schema, depth, indent);
        default:
          return 'unknown';
      }
    }),
  );
}
