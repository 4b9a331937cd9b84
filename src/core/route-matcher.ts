/**
 * Compiles one method's dynamic routes into matchers: one RegExp per first character of a static first segment
 * (plus one for routes that start with a parameter or wildcard), generated from the route trie so that the RegExp
 * engine's own backtracking reproduces the trie's precedence at every segment: static text, then pattern segments
 * (constraints, several parameters in a segment), then a lone parameter, then the wildcard.
 */
import { decodeParam } from './path';
import type { ParamSlot } from './route-pattern';
import { escapeLiteral, patternSource } from './segment-source';

/** Parameters captured by a match: `:name` segments by name, a trailing `*` under `'*'`. */
export type Params = Record<string, string>;

/** What a route stores for one method: its value and its parameter names in capture order. */
export interface Stored<T> {
  value: T;
  names: string[];
}

/** An edge of the trie for a pattern segment; routes with the same pattern (names aside) share it. */
export interface PatternEdge<T> {
  key: string;
  parts: (string | ParamSlot)[];
  literalLength: number;
  node: RawNode<T>;
}

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

/** A new, empty registration trie node. */
export function rawNode<T>(): RawNode<T> {
  return { statics: null, patterns: null, param: null, wildcard: null, values: null };
}

function pick<T>(byMethod: Map<string, Stored<T>> | null, method: string): Stored<T> | undefined {
  return byMethod === null ? undefined : (byMethod.get(method) ?? byMethod.get(ANY));
}

/** Generates RegExp source for one method, numbering capture groups in the order they appear in the text. */
class Generator<T> {
  private group = 0;
  private readonly answering = new Map<RawNode<T>, boolean>();
  readonly terminals: Terminal<T>[] = [];

  constructor(private readonly method: string) {}

  /** Whether anything at or below this node answers the method (computed once per node, bottom-up). */
  answers(node: RawNode<T>): boolean {
    const known = this.answering.get(node);
    if (known !== undefined) return known;
    const pending: RawNode<T>[] = [node];
    const order: RawNode<T>[] = [];
    while (pending.length > 0) {
      const next = pending.pop()!;
      if (this.answering.has(next)) continue;
      order.push(next);
      if (next.param !== null) pending.push(next.param);
      if (next.patterns !== null) for (const edge of next.patterns) pending.push(edge.node);
      if (next.statics !== null) for (const child of next.statics.values()) pending.push(child);
    }
    for (let i = order.length - 1; i >= 0; i--) {
      const n = order[i];
      let yes = pick(n.values, this.method) !== undefined || pick(n.wildcard, this.method) !== undefined;
      if (!yes && n.param !== null) yes = this.answering.get(n.param) === true;
      if (!yes && n.patterns !== null) yes = n.patterns.some((edge) => this.answering.get(edge.node) === true);
      if (!yes && n.statics !== null) for (const child of n.statics.values()) if (this.answering.get(child) === true) yes = true;
      this.answering.set(n, yes);
    }
    return this.answering.get(node)!;
  }

  /** A node that only leads on to one static child: chains of them become one literal (and no recursion). */
  private isPassage(node: RawNode<T>): boolean {
    return (
      node.statics !== null &&
      node.statics.size === 1 &&
      node.param === null &&
      node.patterns === null &&
      pick(node.values, this.method) === undefined &&
      pick(node.wildcard, this.method) === undefined
    );
  }

  /** Source matching the rest of a path from the start of a segment, or null when nothing there answers. */
  segment(node: RawNode<T>, groups: number[], withStatics = true): string | null {
    const alternatives: string[] = [];
    if (withStatics && node.statics !== null) {
      for (const [key, child] of node.statics) {
        if (!this.answers(child)) continue;
        let literal = escapeLiteral(key);
        let next = child;
        while (this.isPassage(next)) {
          const [nextKey, nextChild] = next.statics!.entries().next().value!;
          literal += `/${escapeLiteral(nextKey)}`;
          next = nextChild;
        }
        alternatives.push(literal + this.after(next, groups));
      }
    }
    for (const edge of node.patterns ?? []) {
      if (!this.answers(edge.node)) continue;
      const pattern = patternSource(edge.parts, this.group);
      this.group = pattern.lastGroup;
      alternatives.push(pattern.source + this.after(edge.node, [...groups, ...pattern.valueGroups]));
    }
    if (node.param !== null && this.answers(node.param)) {
      const group = ++this.group;
      alternatives.push(`([^/]+)${this.after(node.param, [...groups, group])}`);
    }
    const wildcard = pick(node.wildcard, this.method);
    if (wildcard !== undefined) {
      const marker = ++this.group;
      this.terminals[marker] = { value: wildcard.value, names: wildcard.names, groups, wildcard: true };
      alternatives.push('()');
    }
    if (alternatives.length === 0) return null;
    return alternatives.length === 1 ? alternatives[0] : `(?:${alternatives.join('|')})`;
  }

  /** Source matching what may follow a consumed segment: the end of the path, or a slash and more segments. */
  after(node: RawNode<T>, groups: number[]): string {
    const alternatives: string[] = [];
    const stored = pick(node.values, this.method);
    if (stored !== undefined) {
      const marker = ++this.group;
      this.terminals[marker] = { value: stored.value, names: stored.names, groups, wildcard: false };
      alternatives.push('$()');
    }
    const rest = this.segment(node, groups);
    if (rest !== null) alternatives.push(`/${rest}`);
    return alternatives.length === 1 ? alternatives[0] : `(?:${alternatives.join('|')})`;
  }
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
      if (alternatives.length === 0) return null;
      return alternatives.length === 1 ? alternatives[0] : `(?:${alternatives.join('|')})`;
    });
    if (compiled !== null) byFirstChar[code] = compiled;
  }
  const fallback = matcher<T>(method, (g) => g.segment(root, [], false));
  return byFirstChar.length === 0 && fallback === null ? null : { byFirstChar, fallback };
}

/** A dynamic match; its params object is built (and decoded) on first read, since many handlers never read it. */
export class DynamicMatch<T> {
  private built: Params | null = null;

  constructor(
    readonly value: T,
    private readonly terminal: Terminal<T>,
    private readonly captures: RegExpExecArray,
  ) {}

  /** The captured parameters, with the escapes a canonical path keeps (`%2F`, `%25`, ...) decoded: one decoding in all. */
  get params(): Params {
    if (this.built === null) {
      const params: Params = {};
      const { names, groups } = this.terminal;
      for (let i = 0; i < names.length; i++) params[names[i]] = decodeParam(this.captures[groups[i]]);
      if (this.terminal.wildcard) params['*'] = decodeParam(this.captures.input.slice(this.captures[0].length));
      this.built = params;
    }
    return this.built;
  }
}

/** Runs one matcher on a path: the match, or undefined. */
export function runMatcher<T>(compiled: Matcher<T>, path: string): DynamicMatch<T> | undefined {
  const captures = compiled.regexp.exec(path);
  if (captures === null) return undefined;
  const terminal = compiled.only ?? compiled.terminals[captures.indexOf('', 1)];
  return new DynamicMatch(terminal.value, terminal, captures);
}
