import { dereference, validate as interpret, type OutputUnit, type Schema, type SchemaDraft } from '@cfworker/json-schema';
import type { JSONSchema } from '../core/types';
import { draftOf } from './drafts';
import type { QuickCheck, SchemaLookup } from './quick-check';

/** Compiles a schema's quick check (`compileQuickCheck` of quick-check.ts), passed in so a bundle without it leaves it out. */
export type QuickCompiler = (schema: unknown, draft: SchemaDraft, lookup: SchemaLookup) => QuickCheck | null;

/** A schema compiled for validation: what `@cfworker/json-schema` interprets it with, and closures for the subset they cover. */
export interface CompiledSchema {
  schema: JSONSchema | boolean;
  draft: SchemaDraft;
  /** Every (sub)schema by URI, as `$ref`s resolve. */
  lookup: SchemaLookup;
  /**
   * Answers "valid?" fast for schemas in the common subset; null when the interpreter must always run; undefined until
   * compiled (a schema first compiled without a quick compiler gets one from the next caller that has it).
   */
  quick: QuickCheck | null | undefined;
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

/** Compiles a schema (draft from `$schema`, 2020-12 when absent or unknown): a validator reporting every error; no quick check yet. */
export function compileSchema(schema: JSONSchema | boolean): CompiledSchema {
  assertSchema(schema);
  const draft = draftOf(schema) ?? '2020-12';
  const lookup = dereference(schema as Schema | boolean) as SchemaLookup;
  return { schema, draft, lookup, quick: undefined };
}

/**
 * The compiled form of a schema object from an LRU of at most 10000 entries keyed by the schema object itself (a hit
 * moves the entry to the recent end, skipped when it already is the newest).
 */
function cachedCompile(schema: JSONSchema | boolean): CompiledSchema {
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

/**
 * The compiled form of a schema object, from the LRU (`cached: false` compiles without touching it), with its quick
 * check compiled by `quick` when given and not compiled yet.
 */
export function validatorFor(schema: JSONSchema | boolean, cached: boolean, quick: QuickCompiler | null): CompiledSchema {
  const compiled = cached ? cachedCompile(schema) : compileSchema(schema);
  if (quick !== null && compiled.quick === undefined) compiled.quick = quick(schema, compiled.draft, compiled.lookup);
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
