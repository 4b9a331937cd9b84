/**
 * Compiles one method's dynamic routes into matchers: one RegExp per first character of a static first segment
 * (plus one for routes that start with a parameter or wildcard), generated from the route trie so that the RegExp
 * engine's own backtracking reproduces the trie's precedence at every segment: static text, then pattern segments
 * (constraints, several parameters in a segment), then a lone parameter, then the wildcard.
 */
import { decodeParam } from './path';
import type { Segment } from './route-pattern';
import { escapeLiteral } from './segment-source';

/** Parameters captured by a match: `:name` segments by name, a trailing `*` under `'*'`. */
export type Params = Record<string, string>;

/** What a route stores for one method: its value and its parameter names in capture order. */
export interface Stored<T> {
  value: T;
  names: string[];
}

/** An edge of the trie for a pattern segment; routes with the same pattern (names aside) share it. */
export type PatternEdge<T> = Extract<Segment, { kind: 'pattern' }> & { node: RawNode<T> };

/** A node of the registration trie: one path segment, with what each method stores there. */
export interface RawNode<T> {
  statics: Map<string, RawNode<T>> | null;
  /** Pattern edges in the order they are tried: more literal text first, then registration order. */
  patterns: PatternEdge<T>[] | null;
  param: RawNode<T> | null;
  wildcard: Map<string, Stored<T>> | null;
  values: Map<string, Stored<T>> | null;
}

/** What a matched route yields: its value and where each of its parameters was captured. */
interface Terminal<T> {
  value: T;
  names: string[];
  groups: number[];
  /** A wildcard route: its match stops where `*` starts, so `*` is the rest of the path after `captures[0]`. */
  wildcard: boolean;
}

/** A compiled RegExp and the route each marker group stands for. */
export interface Matcher<T> {
  regexp: RegExp;
  terminals: Terminal<T>[];
  /** The one route of a matcher that holds a single route (no marker search needed). */
  only: Terminal<T> | null;
}

/** One method's dynamic lookup: a matcher per first character of a static first segment (indexed by char code), and one for routes starting with a param or wildcard. */
export interface DynamicLookup<T> {
  byFirstChar: (Matcher<T> | undefined)[];
  fallback: Matcher<T> | null;
}

/** The method name under which `all` routes are stored. */
export const ANY = 'ALL';

/** A pattern segment: a constraint, or several parameters in one segment (the full syntax, route-syntax.ts). */
export type PatternSegment = Extract<Segment, { kind: 'pattern' }>;

/**
 * The router's work for pattern segments, installed with the full syntax by `useFullRouteSyntax()` (pattern-edges.ts):
 * the kernel's own syntax makes no pattern segments, so a bundle without the full syntax carries none of it.
 */
export interface PatternEdges {
  /** The node a pattern segment leads to from `node`, made when missing; edges stay in the order they are tried. */
  child<T>(node: RawNode<T>, segment: PatternSegment): RawNode<T>;
  /** RegExp source for each of a node's pattern edges that answers, its groups numbered through the generator. */
  alternatives<T>(generator: Generator<T>, node: RawNode<T>, groups: number[]): string[];
}

let patternEdges: PatternEdges | null = null;

/** Installs the pattern segments' work for every router (the full syntax does, with its reader). */
export function setPatternEdges(edges: PatternEdges): void {
  patternEdges = edges;
}

/** The installed pattern segments' work; only a pattern segment, which only the full syntax makes, asks for it. */
export function installedPatternEdges(): PatternEdges {
  return patternEdges!;
}

/** A new, empty registration trie node. */
export function rawNode<T>(): RawNode<T> {
  return { statics: null, patterns: null, param: null, wildcard: null, values: null };
}

function pick<T>(byMethod: Map<string, Stored<T>> | null, method: string): Stored<T> | undefined {
  return byMethod?.get(method) ?? byMethod?.get(ANY);
}

/** Generates RegExp source for one method, numbering capture groups in the order they appear in the text. */
export class Generator<T> {
  /** The last capture group number used so far. */
  group = 0;
  #answering = new Map<RawNode<T>, boolean>();
  readonly terminals: Terminal<T>[] = [];

  constructor(readonly method: string) {}

  /** Whether anything at or below this node answers the method (computed once per node). */
  answers(node: RawNode<T>): boolean {
    let yes = this.#answering.get(node);
    if (yes === undefined) {
      yes =
        this.#stored(node) !== undefined ||
        pick(node.wildcard, this.method) !== undefined ||
        (node.param !== null && this.answers(node.param)) ||
        node.patterns?.some((edge) => this.answers(edge.node)) === true ||
        [...(node.statics?.values() ?? [])].some((child) => this.answers(child));
      this.#answering.set(node, yes);
    }
    return yes;
  }

  #stored(node: RawNode<T>): Stored<T> | undefined {
    return pick(node.values, this.method);
  }

  /** A marker group for a route: an empty capture, the first one in a match (values are never empty). */
  #marker(stored: Stored<T>, groups: number[], wildcard: boolean): void {
    this.terminals[++this.group] = { value: stored.value, names: stored.names, groups, wildcard };
  }

  /** Source matching the rest of a path from the start of a segment, or null when nothing there answers. */
  segment(node: RawNode<T>, groups: number[], withStatics = true): string | null {
    const alternatives: string[] = [];
    if (withStatics)
      for (let [key, next] of node.statics ?? []) {
        if (!this.answers(next)) continue;
        let literal = escapeLiteral(key);
        // A node that only leads on to one static child: chains of them become one literal (and no recursion).
        while (
          next.statics?.size === 1 &&
          next.param === null &&
          next.patterns === null &&
          this.#stored(next) === undefined &&
          pick(next.wildcard, this.method) === undefined
        ) {
          [key, next] = next.statics.entries().next().value!;
          literal += `/${escapeLiteral(key)}`;
        }
        alternatives.push(literal + this.after(next, groups));
      }
    if (node.patterns !== null) alternatives.push(...installedPatternEdges().alternatives(this, node, groups));
    if (node.param !== null && this.answers(node.param)) alternatives.push(`([^/]+)${this.after(node.param, [...groups, ++this.group])}`);
    const wildcard = pick(node.wildcard, this.method);
    if (wildcard !== undefined) {
      this.#marker(wildcard, groups, true);
      alternatives.push('()');
    }
    return alternatives.length === 0 ? null : either(alternatives);
  }

  /** Source matching what may follow a consumed segment: the end of the path, or a slash and more segments. */
  after(node: RawNode<T>, groups: number[]): string {
    const alternatives: string[] = [];
    const stored = this.#stored(node);
    if (stored !== undefined) {
      this.#marker(stored, groups, false);
      alternatives.push('$()');
    }
    const rest = this.segment(node, groups);
    if (rest !== null) alternatives.push(`/${rest}`);
    return either(alternatives);
  }
}

/** RegExp source matching any one of the alternatives (tried in order). */
function either(alternatives: string[]): string {
  return alternatives.length === 1 ? alternatives[0] : `(?:${alternatives.join('|')})`;
}

function matcher<T>(method: string, emit: (generator: Generator<T>) => string | null): Matcher<T> | null {
  const generator = new Generator<T>(method);
  const source = emit(generator);
  if (source === null) return null;
  const routes = generator.terminals.filter(Boolean);
  return { regexp: new RegExp(`^/${source}`), terminals: generator.terminals, only: routes.length === 1 ? routes[0] : null };
}

/** Compiles the dynamic routes a method answers (its own and `all` routes). */
export function compileDynamic<T>(root: RawNode<T>, method: string): DynamicLookup<T> | null {
  const byFirstChar: (Matcher<T> | undefined)[] = [];
  const groups = new Map<number, [string, RawNode<T>][]>();
  for (const [key, child] of root.statics ?? []) {
    const code = key.charCodeAt(0);
    groups.set(code, [...(groups.get(code) ?? []), [key, child]]);
  }
  for (const [code, entries] of groups) {
    const compiled = matcher<T>(method, (g) => {
      const alternatives = entries.filter(([, child]) => g.answers(child)).map(([key, child]) => escapeLiteral(key) + g.after(child, []));
      return alternatives.length === 0 ? null : either(alternatives);
    });
    if (compiled !== null) byFirstChar[code] = compiled;
  }
  const fallback = matcher<T>(method, (g) => g.segment(root, [], false));
  return byFirstChar.length === 0 && fallback === null ? null : { byFirstChar, fallback };
}

/** A dynamic match; its params object is built (and decoded) on first read, since many handlers never read it. */
export class DynamicMatch<T> {
  #params: Params | null = null;
  readonly #terminal: Terminal<T>;
  readonly #captures: RegExpExecArray;

  constructor(
    readonly value: T,
    terminal: Terminal<T>,
    captures: RegExpExecArray,
  ) {
    this.#terminal = terminal;
    this.#captures = captures;
  }

  /** The captured parameters, with the escapes a canonical path keeps (`%2F`, `%25`, ...) decoded: one decoding in all. */
  get params(): Params {
    if (this.#params === null) {
      const params: Params = {};
      const { names, groups, wildcard } = this.#terminal;
      const captures = this.#captures;
      for (let i = 0; i < names.length; i++) params[names[i]] = decodeParam(captures[groups[i]]);
      if (wildcard) params['*'] = decodeParam(captures.input.slice(captures[0].length));
      this.#params = params;
    }
    return this.#params;
  }
}

/** Runs one matcher on a path: the match, or undefined. */
export function runMatcher<T>(compiled: Matcher<T>, path: string): DynamicMatch<T> | undefined {
  const captures = compiled.regexp.exec(path);
  if (captures === null) return undefined;
  const terminal = compiled.only ?? compiled.terminals[captures.indexOf('', 1)];
  return new DynamicMatch(terminal.value, terminal, captures);
}
