import type { SchemaDraft } from '@cfworker/json-schema';

/** The `$schema` URIs fw knows, as written in each draft (the ones error messages suggest). */
export const DRAFT_URIS = [
  'https://json-schema.org/draft/2020-12/schema',
  'https://json-schema.org/draft/2019-09/schema',
  'http://json-schema.org/draft-07/schema#',
  'http://json-schema.org/draft-06/schema#',
  'http://json-schema.org/draft-04/schema#',
] as const;

/** Draft 6 runs as draft 7 (the validator has no draft 6 of its own; 7 only adds keywords). */
const byPath: Record<string, SchemaDraft> = {
  'json-schema.org/draft/2020-12/schema': '2020-12',
  'json-schema.org/draft/2019-09/schema': '2019-09',
  'json-schema.org/draft-07/schema': '7',
  'json-schema.org/draft-06/schema': '7',
  'json-schema.org/draft-04/schema': '4',
};

/** The draft a `$schema` URI names (http or https, with or without the empty fragment), or null when fw does not know it. */
function draftOfURI(uri: string): SchemaDraft | null {
  const match = /^https?:\/\/(.*?)#?$/.exec(uri);
  return match === null ? null : (byPath[match[1]] ?? null);
}

/** The draft of a schema: the one its `$schema` names (null when fw does not know it), 2020-12 when it has none. */
export function draftOf(schema: unknown): SchemaDraft | null {
  const uri = typeof schema === 'object' && schema !== null ? (schema as { $schema?: unknown }).$schema : undefined;
  if (uri === undefined) return '2020-12';
  return typeof uri === 'string' ? draftOfURI(uri) : null;
}
