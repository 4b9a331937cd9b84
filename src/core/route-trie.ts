/**
 * The router's registration trie and what a match of it yields: one node per path segment, holding what each method
 * stores there. The kernel walks it (trie-walk.ts); the full route syntax compiles it to RegExps (route-matcher.ts).
 */
import type { Segment } from './route-pattern';

/** Parameters captured by a match: `:name` segments by name, a trailing `*` under `'*'`. */
export type Params = Record<string, string>;

/** What `match` returns: the stored value and the captured parameters. */
export interface Match<T> {
  value: T;
  /** Captured parameters; static matches share one frozen empty object, so copy before writing. */
  params: Params;
}

/** What a route stores for one method: its value and its parameter names in capture order. */
export interface Stored<T> {
  value: T;
  names: string[];
}

/** A pattern segment: a constraint, or several parameters in one segment (the full syntax, route-syntax.ts). */
export type PatternSegment = Extract<Segment, { kind: 'pattern' }>;

/** An edge of the trie for a pattern segment; routes with the same pattern (names aside) share it. */
export type PatternEdge<T> = PatternSegment & { node: RawNode<T> };

/** A node of the registration trie: one path segment, with what each method stores there. */
export interface RawNode<T> {
  statics: Map<string, RawNode<T>> | null;
  /** Pattern edges in the order they are tried: more literal text first, then registration order. */
  patterns: PatternEdge<T>[] | null;
  param: RawNode<T> | null;
  wildcard: Map<string, Stored<T>> | null;
  values: Map<string, Stored<T>> | null;
}

/** One method's matcher of the dynamic routes: the match of a canonical path, or null. */
export type DynamicLookup<T> = (path: string) => Match<T> | null;

/** Builds one method's matcher from the trie (the method's own routes and `all` routes), or null when none answers it. */
export type DynamicCompiler = <T>(root: RawNode<T>, method: string) => DynamicLookup<T> | null;

/** The method name under which `all` routes are stored. */
export const ANY = 'ALL';

/** A new, empty registration trie node. */
export function rawNode<T>(): RawNode<T> {
  return { statics: null, patterns: null, param: null, wildcard: null, values: null };
}

/** What a node stores for the method: its own route, else the `all` route. */
export function pick<T>(byMethod: Map<string, Stored<T>> | null, method: string): Stored<T> | undefined {
  return byMethod?.get(method) ?? byMethod?.get(ANY);
}
