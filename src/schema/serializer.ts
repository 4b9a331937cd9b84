import type { JSONSchema } from '../core/types';

/** Serializes one value to JSON text following a schema. */
export type Serializer = (value: unknown) => string;

/** Compiles a JSON schema into a serializer (placeholder: the schema issue replaces it with the closure compiler). */
export function compileSerializer(schema: JSONSchema): Serializer {
  void schema;
  return (value) => JSON.stringify(value);
}

/** Picks the serializer for a status from a response map: exact code, then `Nxx`, then `default`; or one schema for all. */
export function compileResponseSerializer(response: JSONSchema | Record<string, JSONSchema>): (status: number) => Serializer | null {
  const map = response as Record<string, JSONSchema>;
  const keys = Object.keys(map);
  const isMap = keys.length > 0 && keys.every((k) => /^(\d{3}|\dxx|default)$/i.test(k));
  if (!isMap) {
    const single = compileSerializer(response);
    return () => single;
  }
  const compiled = new Map<string, Serializer>();
  for (const key of keys) compiled.set(key.toLowerCase(), compileSerializer(map[key]));
  return (status) => compiled.get(String(status)) ?? compiled.get(`${String(status)[0]}xx`) ?? compiled.get('default') ?? null;
}
