import { dereference, type Schema } from '@cfworker/json-schema';
import { DRAFT_URIS, draftOf } from './drafts';
import { pointerSegments, toPointer } from './json-pointer';
import { findNonJSON } from './json-value';
import type { SchemaLookup } from './quick-check';
import { type SchemaProblem, shapeProblems } from './schema-shape';

export type { SchemaProblem };

const knownGood = new WeakSet<object>();

/**
 * `$ref`s the validator could not follow (it fetches nothing), each of which would fail every request that reaches it,
 * and `$dynamicRef`s, which it does not implement. Schemas without either (their JSON text says so) are not indexed.
 */
function unresolvedRefs(schema: unknown): SchemaProblem[] {
  const text = JSON.stringify(schema);
  if (!text.includes('"$ref"') && !text.includes('"$dynamicRef"')) return [];
  let lookup: SchemaLookup;
  try {
    lookup = dereference(schema as Schema);
  } catch (error) {
    return [{ path: '', message: `cannot be indexed: ${(error as Error).message}` }];
  }
  const problems: SchemaProblem[] = [];
  for (const node of new Set(Object.values(lookup))) {
    const {
      __absolute_ref__: target,
      __absolute_uri__: uri,
      $ref,
      $dynamicRef,
    } = node as Record<string, unknown> & { __absolute_ref__?: string; __absolute_uri__?: string };
    const at = uri === undefined || !uri.includes('#') ? '' : toPointer(pointerSegments(uri.slice(uri.indexOf('#'))));
    if ($dynamicRef !== undefined)
      problems.push({ path: `${at}/$dynamicRef`, message: "is not implemented by fw's validator (@cfworker/json-schema): use $ref" });
    if (target === undefined || lookup[target] !== undefined) continue;
    problems.push({
      path: `${at}/$ref`,
      message: `points at nothing in this schema (${JSON.stringify($ref)}): refer to "#", "#/$defs/<name>", an "$anchor" or an "$id" inside it (fw fetches no remote schemas)`,
    });
  }
  return problems;
}

/**
 * Checks a schema against its draft's meta-schema (draft from `$schema`, 2020-12 when absent; an unknown `$schema` is
 * itself a problem) and checks that its `$ref`s resolve. Empty when the schema is sound; a sound schema object is
 * remembered, so checking it again costs one lookup. The meta-schema is not run: schema-shape.ts checks what it asks.
 */
export function schemaProblems(schema: unknown): SchemaProblem[] {
  const remembered = typeof schema === 'object' && schema !== null;
  if (remembered && knownGood.has(schema)) return [];
  const draft = draftOf(schema);
  if (draft === null) {
    const uri = JSON.stringify((schema as { $schema?: unknown }).$schema);
    return [
      {
        path: '/$schema',
        message: `names no JSON Schema draft fw knows (${uri}): use one of ${DRAFT_URIS.join(', ')}, or leave "$schema" out for 2020-12`,
      },
    ];
  }
  if (remembered && '~standard' in schema) {
    return [
      {
        path: '',
        message:
          'is a Standard Schema (zod, valibot, arktype), which this validator cannot run: pass its JSON Schema (e.g. z.toJSONSchema(schema))',
      },
    ];
  }
  const found = findNonJSON(schema);
  let problems: SchemaProblem[];
  if (found !== null) {
    const what =
      found.what === 'that contains itself' ? 'that contains itself (for recursion, use "$ref": "#" or "#/$defs/<name>")' : found.what;
    problems = [{ path: found.path, message: `is a value ${what}: a JSON schema holds JSON values only` }];
  } else {
    problems = shapeProblems(schema, draft);
    if (problems.length === 0) problems = unresolvedRefs(schema);
  }
  if (problems.length === 0 && remembered) knownGood.add(schema);
  return problems;
}
