/**
 * Reference model of "the schema-filtered value" the compiled serializer must match: for an object
 * schema with known properties, keep only those properties (recursively); for arrays, filter items;
 * everything the compiler does not model (toJSON objects, unions, open objects) is left as is.
 */
export function filterBySchema(schema: any, value: unknown): unknown {
  if (schema === null || typeof schema !== 'object') return value;
  const union = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(union)) {
    const kinds = union.map((b: any) => (b.type === 'integer' ? 'number' : b.type));
    if (new Set(kinds).size !== kinds.length || kinds.some((k: unknown) => typeof k !== 'string')) return value;
    const kind = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
    const branch = union[kinds.indexOf(kind)];
    return branch === undefined ? value : filterBySchema(branch, value);
  }
  if (value === null || typeof value !== 'object' || typeof (value as { toJSON?: unknown }).toJSON === 'function') return value;
  if (Array.isArray(value)) {
    if (schema.items && typeof schema.items === 'object' && !Array.isArray(schema.items))
      return value.map((v) => filterBySchema(schema.items, v));
    return value;
  }
  const opaque =
    schema.allOf || schema.patternProperties || (schema.additionalProperties !== undefined && schema.additionalProperties !== false);
  if (opaque || (!schema.properties && schema.additionalProperties !== false)) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(schema.properties ?? {})) {
    if (!Object.prototype.propertyIsEnumerable.call(value, key)) continue;
    const kept = filterBySchema(schema.properties[key], (value as Record<string, unknown>)[key]);
    Object.defineProperty(out, key, { value: kept, enumerable: true, writable: true, configurable: true });
  }
  return out;
}
