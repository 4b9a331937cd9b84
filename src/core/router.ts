import { parsePattern, type PatternReader, type Segment } from './route-pattern';
import {
  ANY,
  rawNode,
  type DynamicCompiler,
  type DynamicLookup,
  type Match,
  type Params,
  type PatternSegment,
  type RawNode,
} from './route-trie';
import { walkTrie } from './trie-walk';

export type { Match, Params } from './route-trie';

/**
 * A route syntax beyond the kernel's, given to one router (`fullRouteSyntax` of route-syntax.ts): the reader of the
 * patterns the kernel cannot read, the trie edges of their pattern segments, and the matcher of dynamic routes.
 */
export interface RouteSyntax {
  read: PatternReader;
  child<T>(node: RawNode<T>, segment: PatternSegment): RawNode<T>;
  compile: DynamicCompiler;
}

/** The trie node one segment leads to from `node`, made when missing; pattern edges stay in precedence order. */
function child<T>(node: RawNode<T>, segment: Segment, syntax: RouteSyntax | undefined): RawNode<T> {
  if (segment.kind === 'param') return (node.param ??= rawNode<T>());
  if (segment.kind === 'static') {
    const statics = (node.statics ??= new Map());
    let next = statics.get(segment.text);
    if (!next) statics.set(segment.text, (next = rawNode<T>()));
    return next;
  }
  return syntax!.child(node, segment);
}

/** The frozen params object every static match shares (callers that hand params out copy it first). */
export const noParams: Params = Object.freeze({}) as Params;

/**
 * Maps (method, canonical path) to a value. Parameterless paths live in one table per method, tried for the method,
 * then for `all` routes; the rest in a trie, matched per method by a walk (trie-walk.ts) or, with the full syntax,
 * by RegExps compiled from it (route-matcher.ts); both keep static > pattern segment > param > wildcard
 * precedence with backtracking at every segment. A route for the request's method wins over an `all` route on the
 * same pattern.
 */
export class Router<T> {
  #raw: RawNode<T> = rawNode<T>();
  /** Parameterless routes: method -> path -> match. */
  #statics = new Map<string, Map<string, Match<T>>>();
  /** Who registered each route shape, by method and shape key: the written path, for the duplicate error. */
  #registered = new Map<string, string>();
  #methods = new Set<string>();
  #dynamic = 0;
  /** Each registered method's dynamic matcher (`all` routes merged in, `ALL` for the other methods); null until built. */
  #matchers: Map<string, DynamicLookup<T> | null> | null = null;
  readonly #syntax: RouteSyntax | undefined;

  /**
   * `syntax` reads the patterns beyond the kernel's and chooses the matcher of dynamic routes (the full syntax's
   * RegExps, which also read pattern segments and match faster); without one the router reads the kernel's syntax
   * and walks the trie (trie-walk.ts).
   */
  constructor(syntax?: RouteSyntax) {
    this.#syntax = syntax;
  }

  /**
   * Registers a value for a method (or `ALL`) and a path pattern (syntax in route-pattern.ts). Throws on a
   * pattern it cannot read and on a second registration of the same method and pattern, naming both, since the
   * second could never answer.
   */
  add(method: string, path: string, value: T): void {
    const shapes = parsePattern(path, this.#syntax?.read);
    for (const { key } of shapes) {
      const earlier = this.#registered.get(`${method} ${key}`);
      if (earlier !== undefined)
        throw new Error(`Route ${method} "${path}" matches the same requests as ${method} "${earlier}", registered before it: remove one`);
    }
    this.#methods.add(method);
    this.#matchers = null;
    for (const { key, segments, wildcard, names } of shapes) {
      this.#registered.set(`${method} ${key}`, path);
      if (!wildcard && segments.every((s) => s.kind === 'static')) {
        const built = `/${segments.map((s) => (s as { text: string }).text).join('/')}`;
        // The written string itself when it is already canonical: the static lookup compares against it, and
        // V8 compares a string with itself (or with its internalized twin) by pointer.
        let byPath = this.#statics.get(method);
        if (!byPath) this.#statics.set(method, (byPath = new Map()));
        byPath.set(built === path ? path : built, { value, params: noParams });
        continue;
      }
      let node = this.#raw;
      for (const segment of segments) node = child(node, segment, this.#syntax);
      (wildcard ? (node.wildcard ??= new Map()) : (node.values ??= new Map())).set(method, { value, names });
      this.#dynamic++;
    }
  }

  /** Finds the value for a request method and a canonical path (src/core/path.ts; no query string), or null. */
  match(method: string, path: string): Match<T> | null {
    const hit = this.#statics.get(method)?.get(path) ?? this.#statics.get(ANY)?.get(path);
    if (hit !== undefined) return hit;
    const matchers = this.#built();
    const dynamic = matchers.get(method) ?? matchers.get(ANY);
    return dynamic ? dynamic(path) : null;
  }

  /** Lists the methods (`ALL` included) that some route answers on this path, for 405 and OPTIONS answers. */
  allowedMethods(path: string): string[] {
    return [...this.#methods].filter((method) => this.match(method, path) !== null);
  }

  /** Builds the per-method matchers now rather than on the first match (what `app.compile()` and a warm-up want). */
  build(): void {
    this.#built();
  }

  #built(): Map<string, DynamicLookup<T> | null> {
    if (this.#matchers !== null) return this.#matchers;
    const matchers = new Map<string, DynamicLookup<T> | null>();
    const compile = this.#syntax?.compile ?? walkTrie;
    if (this.#dynamic > 0) for (const method of new Set([...this.#methods, ANY])) matchers.set(method, compile(this.#raw, method));
    return (this.#matchers = matchers);
  }
}

/** Turns a registered path into its canonical form: leading slash, no trailing slash except the root. */
export function normalizePattern(path: string): string {
  const p = path.startsWith('/') ? path : `/${path}`;
  return p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p;
}
