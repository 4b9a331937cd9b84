import { ANY, compileDynamic, rawNode, runMatcher, type DynamicLookup, type Params, type RawNode, type Stored } from './route-matcher';
import { parsePattern, type RouteShape, type Segment } from './route-pattern';

export type { Params } from './route-matcher';

/** What `match` returns: the stored value and the captured parameters. */
export interface Match<T> {
  value: T;
  /** Captured parameters; static matches share one frozen empty object, so copy before writing. */
  params: Params;
}

/**
 * The parameterless paths of one length: up to `directCompare` of them are compared directly (a length-checked
 * string compare is cheaper than hashing the request's path for a table lookup), more go through a table.
 */
interface StaticBucket<T> {
  paths: string[];
  matches: Match<T>[];
  table: Record<string, Match<T>> | null;
}

const directCompare = 4;

/** What one method looks up: its parameterless paths by length, then its compiled dynamic routes (`all` routes merged in). */
interface MethodLookup<T> {
  staticsByLength: (StaticBucket<T> | undefined)[];
  dynamic: DynamicLookup<T> | null;
}

/** The dynamic routes' match: the RegExp of the path's first character, then the one of routes starting with a parameter. */
function dynamicMatch<T>(dynamic: DynamicLookup<T>, path: string): Match<T> | null {
  const matcher = dynamic.byFirstChar[path.charCodeAt(1)];
  const found = matcher === undefined ? undefined : runMatcher(matcher, path);
  if (found !== undefined) return found;
  return dynamic.fallback === null ? null : (runMatcher(dynamic.fallback, path) ?? null);
}

function staticHit<T>(bucket: StaticBucket<T>, path: string): Match<T> | undefined {
  if (bucket.table !== null) return bucket.table[path];
  const paths = bucket.paths;
  for (let i = 0; i < paths.length; i++) if (paths[i] === path) return bucket.matches[i];
  return undefined;
}

/** The trie node one segment leads to from `node`, made when missing; pattern edges stay in precedence order. */
function child<T>(node: RawNode<T>, segment: Segment): RawNode<T> {
  if (segment.kind === 'param') return (node.param ??= rawNode<T>());
  if (segment.kind === 'static') {
    node.statics ??= new Map();
    let next = node.statics.get(segment.text);
    if (!next) node.statics.set(segment.text, (next = rawNode<T>()));
    return next;
  }
  const edges = (node.patterns ??= []);
  const found = edges.find((edge) => edge.key === segment.key);
  if (found) return found.node;
  const edge = { key: segment.key, parts: segment.parts, literalLength: segment.literalLength, node: rawNode<T>() };
  const at = edges.findIndex((other) => other.literalLength < edge.literalLength);
  edges.splice(at === -1 ? edges.length : at, 0, edge);
  return edge.node;
}

/** The frozen params object every static match shares (callers that hand params out copy it first). */
export const noParams: Params = Object.freeze({}) as Params;

function pickStatic<T>(byMethod: Map<string, T>, method: string): T | undefined {
  return byMethod.get(method) ?? byMethod.get(ANY);
}

/**
 * Maps (method, canonical path) to a value. Parameterless paths live in one table per method; the rest are compiled
 * per method into one RegExp per first character of a static first segment (see route-matcher.ts), tried before the
 * RegExp of routes that start with a parameter, which keeps static > pattern segment > param > wildcard precedence
 * with backtracking at every segment.
 * A route for the request's method wins over an `all` route on the same pattern.
 */
export class Router<T> {
  private readonly raw: RawNode<T> = rawNode<T>();
  private readonly staticRoutes = new Map<string, Map<string, T>>();
  /** Who registered each route shape, by method: the written path, for the duplicate error. */
  private readonly registered = new Map<string, Map<string, string>>();
  private readonly methods = new Set<string>();
  private dynamicCount = 0;
  private methodNames: string[] = [];
  private methodLookups: MethodLookup<T>[] = [];
  private anyLookup: MethodLookup<T> = { staticsByLength: [], dynamic: null };
  /** GET's lookup (the `all` lookup when no GET route exists), taken without the method scan. */
  private getLookup: MethodLookup<T> = this.anyLookup;
  private built = true;

  /**
   * Registers a value for a method (or `ALL`) and a path pattern (syntax in route-pattern.ts). Throws on a
   * pattern it cannot read and on a second registration of the same method and pattern, naming both, since the
   * second could never answer.
   */
  add(method: string, path: string, value: T): void {
    const shapes = parsePattern(path);
    for (const shape of shapes) {
      const earlier = this.registered.get(shape.key)?.get(method);
      if (earlier !== undefined) {
        throw new Error(
          `Route ${method} "${path}" matches the same requests as ${method} "${earlier}", registered before it: remove one, or change its method or path`,
        );
      }
    }
    this.methods.add(method);
    this.built = false;
    for (const shape of shapes) {
      let owners = this.registered.get(shape.key);
      if (!owners) this.registered.set(shape.key, (owners = new Map()));
      owners.set(method, path);
      this.insert(method, path, shape, { value, names: shape.names });
    }
  }

  private insert(method: string, path: string, shape: RouteShape, stored: Stored<T>): void {
    const { segments } = shape;
    if (!shape.wildcard && segments.every((s) => s.kind === 'static')) {
      const built = `/${segments.map((s) => (s as { text: string }).text).join('/')}`;
      // The written string itself when it is already canonical: the static lookup compares against it, and
      // V8 compares a string with itself (or with its internalized twin) by pointer.
      const staticPath = built === path ? path : built;
      let byMethod = this.staticRoutes.get(staticPath);
      if (!byMethod) this.staticRoutes.set(staticPath, (byMethod = new Map()));
      byMethod.set(method, stored.value);
      return;
    }
    let node = this.raw;
    for (const segment of segments) node = child(node, segment);
    const stores = shape.wildcard ? (node.wildcard ??= new Map()) : (node.values ??= new Map());
    stores.set(method, stored);
    this.dynamicCount++;
  }

  /** Finds the value for a request method and a canonical path (src/core/path.ts; no query string), or null. */
  match(method: string, path: string): Match<T> | null {
    if (!this.built) this.buildLookups();
    const lookup = method === 'GET' ? this.getLookup : this.lookupFor(method);
    const bucket = lookup.staticsByLength[path.length];
    if (bucket !== undefined) {
      const hit = staticHit(bucket, path);
      if (hit !== undefined) return hit;
    }
    return lookup.dynamic === null ? null : dynamicMatch(lookup.dynamic, path);
  }

  /** Lists the methods (`ALL` included) that some route answers on this path, for 405 and OPTIONS answers. */
  allowedMethods(path: string): string[] {
    const found: string[] = [];
    for (const method of this.methods) if (this.match(method, path) !== null) found.push(method);
    return found;
  }

  /** The lookup of a method: a short scan of the registered method names (cheaper than hashing), else the `all` lookup. */
  private lookupFor(method: string): MethodLookup<T> {
    const names = this.methodNames;
    for (let i = 0; i < names.length; i++) if (names[i] === method) return this.methodLookups[i];
    return this.anyLookup;
  }

  /** Builds the per-method lookups now rather than on the first match (what `app.compile()` and a warm-up want). */
  build(): void {
    if (!this.built) this.buildLookups();
  }

  private buildLookups(): void {
    const lookups = new Map<string, MethodLookup<T>>();
    for (const method of new Set([...this.methods, ANY])) {
      const statics = new Map<string, Match<T>>();
      for (const [path, byMethod] of this.staticRoutes) {
        const value = pickStatic(byMethod, method);
        if (value !== undefined) statics.set(path, { value, params: noParams });
      }
      const staticsByLength: (StaticBucket<T> | undefined)[] = [];
      for (const [path, match] of statics) {
        const bucket = (staticsByLength[path.length] ??= { paths: [], matches: [], table: null });
        bucket.paths.push(path);
        bucket.matches.push(match);
      }
      for (const bucket of staticsByLength) {
        if (bucket === undefined || bucket.paths.length <= directCompare) continue;
        bucket.table = Object.create(null) as Record<string, Match<T>>;
        for (let i = 0; i < bucket.paths.length; i++) bucket.table[bucket.paths[i]] = bucket.matches[i];
      }
      lookups.set(method, { staticsByLength, dynamic: this.dynamicCount === 0 ? null : compileDynamic(this.raw, method) });
    }
    this.anyLookup = lookups.get(ANY)!;
    this.getLookup = lookups.get('GET') ?? this.anyLookup;
    lookups.delete(ANY);
    this.methodNames = [...lookups.keys()];
    this.methodLookups = [...lookups.values()];
    this.built = true;
  }
}

/** Turns a registered path into its canonical form: leading slash, no trailing slash except the root. */
export function normalizePattern(path: string): string {
  let p = path.startsWith('/') ? path : `/${path}`;
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return p;
}
