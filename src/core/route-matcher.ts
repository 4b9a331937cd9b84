/**
 * The full syntax's matcher of dynamic routes (part of `fullRouteSyntax`): compiles one method's routes into
 * one RegExp per first character of a static first segment (plus one for routes that start with a parameter or
 * wildcard), generated from the route trie so that the RegExp engine's own backtracking reproduces the trie's
 * precedence at every segment: static text, then pattern segments (constraints, several parameters in a segment),
 * then a lone parameter, then the wildcard.
 */
import { decodeParam } from './path';
import { pick, type DynamicCompiler, type DynamicLookup, type Match, type Params, type RawNode, type Stored } from './route-trie';
import { escapeLiteral } from './segment-source';

/** What a matched route yields: its value and where each of its parameters was captured. */
interface Terminal<T> {
  value: T;
  names: string[];
  groups: number[];
  /** A wildcard route: its match stops where `*` starts, so `*` is the rest of the path after `captures[0]`. */
  wildcard: boolean;
}

/** A compiled RegExp and the route each marker group stands for. */
interface Matcher<T> {
  regexp: RegExp;
  terminals: Terminal<T>[];
  /** The one route of a matcher that holds a single route (no marker search needed). */
  only: Terminal<T> | null;
}

/** Generates RegExp source for one method, numbering capture groups in the order they appear in the text. */
class Generator<T> {
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
    for (const edge of node.patterns ?? []) {
      if (!this.answers(edge.node)) continue;
      const pattern = edge.source(this.group);
      this.group = pattern.lastGroup;
      alternatives.push(pattern.source + this.after(edge.node, [...groups, ...pattern.valueGroups]));
    }
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

/** A dynamic match; its params object is built (and decoded) on first read, since many handlers never read it. */
class DynamicMatch<T> implements Match<T> {
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

/** Runs one matcher on a path: the match, or null. */
function run<T>(compiled: Matcher<T>, path: string): DynamicMatch<T> | null {
  const captures = compiled.regexp.exec(path);
  if (captures === null) return null;
  const terminal = compiled.only ?? compiled.terminals[captures.indexOf('', 1)];
  return new DynamicMatch(terminal.value, terminal, captures);
}

/**
 * Compiles the dynamic routes a method answers (its own and `all` routes): the RegExp of the path's first character
 * is tried, then the one of routes starting with a parameter.
 */
export const compileRegExps: DynamicCompiler = <T>(root: RawNode<T>, method: string): DynamicLookup<T> | null => {
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
  if (byFirstChar.length === 0 && fallback === null) return null;
  return (path) => {
    const first = byFirstChar[path.charCodeAt(1)];
    return (first && run(first, path)) || (fallback && run(fallback, path)) || null;
  };
};
