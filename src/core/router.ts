import { ANY, compileDynamic, rawNode, runMatcher, type DynamicLookup, type Params, type RawNode } from './route-matcher';

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
  return dynamic.fallback === null ? null : runMatcher(dynamic.fallback, path) ?? null;
}

function staticHit<T>(bucket: StaticBucket<T>, path: string): Match<T> | undefined {
  if (bucket.table !== null) return bucket.table[path];
  const paths = bucket.paths;
  for (let i = 0; i < paths.length; i++) if (paths[i] === path) return bucket.matches[i];
  return undefined;
}

/** The frozen params object every static match shares (callers that hand params out copy it first). */
export const noParams: Params = Object.freeze({}) as Params;

function pickStatic<T>(byMethod: Map<string, T>, method: string): T | undefined {
  return byMethod.get(method) ?? byMethod.get(ANY);
}

/**
 * Maps (method, path) to a value. Parameterless paths live in one table per method; the rest are compiled per
 * method into one RegExp per first character of a static first segment (see route-matcher.ts), tried before the
 * RegExp of routes that start with a parameter, which keeps static > param > wildcard precedence with
 * backtracking at every segment.
 * A route for the request's method wins over an `all` route on the same pattern.
 */
export class Router<T> {
  private readonly raw: RawNode<T> = rawNode<T>();
  private readonly staticRoutes = new Map<string, Map<string, T>>();
  private readonly methods = new Set<string>();
  private dynamicCount = 0;
  private methodNames: string[] = [];
  private methodLookups: MethodLookup<T>[] = [];
  private anyLookup: MethodLookup<T> = { staticsByLength: [], dynamic: null };
  /** GET's lookup (the `all` lookup when no GET route exists), taken without the method scan. */
  private getLookup: MethodLookup<T> = this.anyLookup;
  private built = true;

  /** Registers a value for a method (or `ALL`) and a path pattern; the first registration of a pair wins. */
  add(method: string, path: string, value: T): void {
    const normalized = normalizePattern(path);
    this.methods.add(method);
    this.built = false;
    if (normalized.indexOf(':') === -1 && normalized.indexOf('*') === -1) {
      let byMethod = this.staticRoutes.get(normalized);
      if (!byMethod) this.staticRoutes.set(normalized, (byMethod = new Map()));
      if (!byMethod.has(method)) byMethod.set(method, value);
      return;
    }
    const segments = normalized.split('/').slice(1);
    let node = this.raw;
    for (let i = 0; i < segments.length; i++) {
      const segment = segments[i];
      if (segment === '*' && i === segments.length - 1) {
        node.wildcard ??= new Map();
        if (!node.wildcard.has(method)) node.wildcard.set(method, value);
        this.dynamicCount++;
        return;
      }
      if (segment.charCodeAt(0) === 58) {
        const name = segment.slice(1);
        if (!name) throw new Error(`Route "${path}": a parameter needs a name after ":"`);
        if (node.param && node.param.name !== name) {
          throw new Error(`Route "${path}": parameter ":${name}" conflicts with ":${node.param.name}" at the same position`);
        }
        node.param ??= { name, node: rawNode<T>() };
        node = node.param.node;
        continue;
      }
      if (segment.indexOf('*') !== -1) throw new Error(`Route "${path}": "*" is allowed only as the last segment`);
      node.statics ??= new Map();
      let next = node.statics.get(segment);
      if (!next) node.statics.set(segment, (next = rawNode<T>()));
      node = next;
    }
    node.values ??= new Map();
    if (!node.values.has(method)) node.values.set(method, value);
    this.dynamicCount++;
  }

  /** Finds the value for a request method and a path (no query string), or null. */
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
