import { dereference, validate as interpret, type OutputUnit, type Schema, type SchemaDraft } from '@cfworker/json-schema';
import type { JSONSchema } from '../core/types';
import { draftOf } from './drafts';
import { compileQuickCheck, type QuickCheck, type SchemaLookup } from './quick-check';

/** A schema compiled for validation: what `@cfworker/json-schema` interprets it with, and closures for the subset they cover. */
export interface CompiledSchema {
  schema: JSONSchema | boolean;
  draft: SchemaDraft;
  /** Every (sub)schema by URI, as `$ref`s resolve. */
  lookup: SchemaLookup;
  /** Answers "valid?" fast for schemas in the common subset; null when the interpreter must always run. */
  quick: QuickCheck | null;
}

/** Runs the interpreter on data (every error, no short circuit); throws on values JSON cannot hold. */
export function interpretSchema(compiled: CompiledSchema, data: unknown): { valid: boolean; errors: OutputUnit[] } {
  return interpret(data, compiled.schema as Schema | boolean, compiled.draft, compiled.lookup as Record<string, Schema | boolean>, false);
}

/** The bound of the compiled-validator cache (spec part 8). */
export const MAX_CACHED_VALIDATORS = 10_000;

const cache = new Map<JSONSchema | boolean, CompiledSchema>();
let newestKey: JSONSchema | boolean | undefined;
let newest: CompiledSchema | undefined;

function assertSchema(schema: unknown): asserts schema is JSONSchema | boolean {
  if (typeof schema === 'boolean') return;
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) {
    throw new TypeError('A JSON schema must be an object (or true/false)');
  }
}

/** Compiles a schema (draft from `$schema`, 2020-12 when absent or unknown): a validator reporting every error, plus the quick check. */
export function compileSchema(schema: JSONSchema | boolean): CompiledSchema {
  assertSchema(schema);
  const draft = draftOf(schema) ?? '2020-12';
  const lookup = dereference(schema as Schema | boolean) as SchemaLookup;
  return { schema, draft, lookup, quick: compileQuickCheck(schema, draft, lookup) };
}

/**
 * The compiled form of a schema object, from an LRU of at most 10000 entries keyed by the schema
 * object itself (a hit moves the entry to the recent end, skipped when it already is the newest);
 * `cached: false` compiles without touching it.
 */
export function validatorFor(schema: JSONSchema | boolean, cached = true): CompiledSchema {
  if (!cached) return compileSchema(schema);
  if (schema === newestKey && newest !== undefined) return newest;
  let compiled = cache.get(schema);
  if (compiled !== undefined) {
    cache.delete(schema);
  } else {
    compiled = compileSchema(schema);
    if (cache.size >= MAX_CACHED_VALIDATORS) cache.delete(cache.keys().next().value as JSONSchema);
  }
  cache.set(schema, compiled);
  newestKey = schema;
  newest = compiled;
  return compiled;
}

/** Whether a schema's compiled validator is in the cache. */
export function isValidatorCached(schema: JSONSchema | boolean): boolean {
  return cache.has(schema);
}

/** How many compiled validators are cached (bounded at 10000). */
export function validatorCacheSize(): number {
  return cache.size;
}

/** Empties the validator cache. */
export function clearValidatorCache(): void {
  cache.clear();
  newestKey = undefined;
  newest = undefined;
}
