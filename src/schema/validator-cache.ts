import { Validator, type Schema, type SchemaDraft } from '@cfworker/json-schema';
import type { JSONSchema } from '../core/types';
import { compileQuickCheck, type QuickCheck } from './quick-check';

/** A schema compiled for validation: the `@cfworker/json-schema` validator, and closures for the subset they cover. */
export interface CompiledSchema {
  validator: Validator;
  /** Answers "valid?" fast for schemas in the common subset; null when the validator must always run. */
  quick: QuickCheck | null;
}

/** The bound of the compiled-validator cache (spec part 8). */
export const MAX_CACHED_VALIDATORS = 10_000;

const cache = new Map<JSONSchema | boolean, CompiledSchema>();
let newestKey: JSONSchema | boolean | undefined;
let newest: CompiledSchema | undefined;

function draftOf(schema: JSONSchema | boolean): SchemaDraft {
  const uri = typeof schema === 'object' && typeof schema.$schema === 'string' ? schema.$schema : '';
  if (uri.includes('draft-04')) return '4';
  if (uri.includes('draft-07') || uri.includes('draft-06')) return '7';
  if (uri.includes('2019-09')) return '2019-09';
  return '2020-12';
}

function assertSchema(schema: unknown): asserts schema is JSONSchema | boolean {
  if (typeof schema === 'boolean') return;
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) {
    throw new TypeError('A JSON schema must be an object (or true/false)');
  }
}

/** Compiles a schema (draft from `$schema`, 2020-12 when absent): a validator reporting every error, plus the quick check. */
export function compileSchema(schema: JSONSchema | boolean): CompiledSchema {
  assertSchema(schema);
  const draft = draftOf(schema);
  return { validator: new Validator(schema as Schema | boolean, draft, false), quick: compileQuickCheck(schema, draft) };
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
