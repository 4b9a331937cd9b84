import { dereference, validate as interpret, type Schema, type SchemaDraft } from '@cfworker/json-schema';
import { DRAFT_URIS, draftOf } from './drafts';
import { pointerSegments, toPointer } from './json-pointer';
import { findNonJSON } from './json-value';
import { META_SCHEMAS } from './meta-schemas';
import type { SchemaLookup } from './quick-check';
import { fitsShape } from './schema-shape';
import { describeIssues } from './validation-errors';

/** A mistake in a schema: where (JSON pointer into the schema) and what is wrong with it. */
export interface SchemaProblem {
  path: string;
  message: string;
}

/** A draft's meta-schema, ready for the validator: its root and every vocabulary by URI. */
interface MetaSchema {
  root: Schema;
  lookup: SchemaLookup;
}

const metaSchemas = new Map<SchemaDraft, MetaSchema>();
const knownGood = new WeakSet<object>();

/** The meta-schema of a draft, parsed on first use: only a schema `fitsShape` refuses needs it, to say what is wrong. */
function metaSchemaOf(draft: SchemaDraft): MetaSchema {
  let meta = metaSchemas.get(draft);
  if (meta === undefined) {
    const [root, ...vocabularies] = JSON.parse(META_SCHEMAS[draft]) as Schema[];
    const lookup = dereference(root);
    for (const vocabulary of vocabularies) dereference(vocabulary, lookup);
    meta = { root, lookup };
    metaSchemas.set(draft, meta);
  }
  return meta;
}

/** Throws (a TypeError or a stack overflow) when the schema holds what JSON cannot: functions, undefined, cycles. */
function againstMetaSchema(schema: unknown, draft: SchemaDraft): SchemaProblem[] {
  if (fitsShape(schema, draft)) return [];
  const meta = metaSchemaOf(draft);
  const outcome = interpret(schema, meta.root, draft, meta.lookup as Record<string, Schema>, false);
  if (outcome.valid) return [];
  return describeIssues(outcome.errors, { data: schema, schema: meta.root, lookup: meta.lookup }).map(({ path, text }) => ({
    path,
    message: text,
  }));
}

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
 * remembered, so checking it again costs one lookup. The shape check (schema-shape.ts) answers first; the validator
 * runs against the meta-schema only for a schema it refuses, to say what is wrong.
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
  let problems: SchemaProblem[];
  try {
    problems = againstMetaSchema(schema, draft);
    if (problems.length === 0) problems = unresolvedRefs(schema);
  } catch {
    const found = findNonJSON(schema);
    const what =
      found === null
        ? 'JSON cannot carry'
        : found.what === 'that contains itself'
          ? 'that contains itself (for recursion, use "$ref": "#" or "#/$defs/<name>")'
          : found.what;
    problems = [{ path: found?.path ?? '', message: `is a value ${what}: a JSON schema holds JSON values only` }];
  }
  if (problems.length === 0 && remembered) knownGood.add(schema);
  return problems;
}
