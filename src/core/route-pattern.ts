/**
 * The route pattern syntax the kernel reads itself: literal text, `:name` as a whole segment and `*` as the whole
 * last segment. A pattern it cannot read goes to the full syntax (route-syntax.ts: constraints, optional and
 * multi-parameter segments, `::`) when the app's router has it, and is refused otherwise; so a `fw/core` bundle
 * carries the full syntax only when the app asks for it. Literal text is decoded as request paths are (src/core/path.ts).
 */
import { decodeSegment } from './path';
import type { PatternSource } from './segment-source';

/** A parameter inside a pattern segment: any non-empty text, or text matching its constraint. */
export interface ParamSlot {
  /** The regexp source the value must match as a whole (anchors removed), or null for any text. */
  constraint: string | null;
  /** The constraint provably never matches "/", so it needs no check that it stays inside its segment. */
  withinSegment: boolean;
  /** The constraint accepts the empty string, so a guard keeps the value non-empty. */
  canBeEmpty: boolean;
}

/** One path segment: literal text, a lone `:name`, or a pattern (a constraint, or parameters mixed with text). */
export type Segment =
  | { kind: 'static'; text: string }
  | { kind: 'param' }
  | {
      kind: 'pattern';
      /** Literal text and parameters, in order. */
      parts: (string | ParamSlot)[];
      /** Equal for two pattern segments exactly when they match the same text (names do not count). */
      key: string;
      /** How much literal text the segment has: more is tried first. */
      literalLength: number;
      /** The segment's RegExp text, its groups numbered after `groupsBefore`. */
      source(groupsBefore: number): PatternSource;
    };

/** One registrable form of a pattern; a pattern ending in optional parameters gives one form per length. */
export interface RouteShape {
  segments: Segment[];
  /** The pattern ends with `/*`. */
  wildcard: boolean;
  /** Parameter names in the order their values are captured. */
  names: string[];
  /** Equal for two patterns exactly when they match the same requests (names do not count). */
  key: string;
}

/** Reads a pattern into the shapes to register, or throws naming what is wrong with it. */
export type PatternReader = (path: string) => RouteShape[];

/** The key of a shape, from its segments: equal for two shapes exactly when they match the same requests. */
export function shapeKey(segments: Segment[], wildcard: boolean): string {
  return JSON.stringify([segments.map((s) => (s.kind === 'static' ? `=${s.text}` : s.kind === 'param' ? ':' : s.key)), wildcard]);
}

/** A character that makes a segment more than literal text for the kernel (the full syntax reads it). */
const syntaxCharacter = /[:(){}*?\\]/;
const asciiName = /^[\w$]+$/;
let unicodeName: RegExp | null = null;

/**
 * Whether a parameter name is letters, digits, `_` and `$`. The Unicode form is compiled only for a name that needs
 * it: compiling `\p{L}` costs V8 about 0.4 ms, a tenth of a worker's start-up.
 */
function isName(name: string): boolean {
  return asciiName.test(name) || (unicodeName ??= /^[\p{L}\p{N}_$]+$/u).test(name);
}

/**
 * Reads a route pattern into the shapes to register, so the router stores structure instead of re-reading text:
 * the kernel's syntax here (literal segments, a lone `:name`, `*` as the whole last segment; runs of slashes and
 * trailing slashes allowed), anything else through `full`, the reader of the router's full syntax; throws a
 * registration error naming the kernel's syntax when there is none.
 */
export function parsePattern(path: string, full?: PatternReader | null): RouteShape[] {
  const parts = (path.startsWith('/') ? path : `/${path}`).split('/');
  let last = parts.length - 1;
  while (last > 0 && parts[last] === '') last--;
  const segments: Segment[] = [];
  const names: string[] = [];
  let wildcard = false;
  let readable = true;
  for (let i = 1; i <= last && readable; i++) {
    const part = parts[i];
    if (part === '') continue;
    if (part === '*') {
      wildcard = true;
      readable = i === last;
    } else if (part[0] === ':') {
      const name = part.slice(1);
      readable = isName(name) && name !== '__proto__' && !names.includes(name);
      names.push(name);
      segments.push({ kind: 'param' });
    } else {
      const literal = syntaxCharacter.test(part) ? null : decodeSegment(part);
      readable = literal !== null && literal !== '.' && literal !== '..';
      segments.push({ kind: 'static', text: literal! });
    }
  }
  if (readable) return [{ segments, wildcard, names, key: shapeKey(segments, wildcard) }];
  if (full) return full(path);
  throw new Error(
    `Route "${path}": fw/core reads text, ":name" segments (each name once) and a last "*"; pass routeSyntax: fullRouteSyntax from 'fw/core' for the rest`,
  );
}
