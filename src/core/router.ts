/** Parameters captured by a match: `:name` segments by name, a trailing `*` under `'*'`. */
export type Params = Record<string, string>;

/** What `match` returns: the stored value and the captured parameters. */
export interface Match<T> {
  value: T;
  params: Params;
}

interface Node<T> {
  statics: Map<string, Node<T>> | null;
  param: { name: string; node: Node<T> } | null;
  wildcard: Map<string, T> | null;
  values: Map<string, T> | null;
}

const ANY = 'ALL';

function newNode<T>(): Node<T> {
  return { statics: null, param: null, wildcard: null, values: null };
}

function decode(value: string): string {
  if (value.indexOf('%') === -1) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Maps (method, path) to a value. Parameterless paths live in one Map per method; the rest in a
 * segment trie walked with static > param > wildcard precedence and backtracking. `ALL` matches any method.
 */
export class Router<T> {
  private readonly statics = new Map<string, Map<string, T>>();
  private readonly root: Node<T> = newNode<T>();
  private dynamicCount = 0;

  /** Registers a value for a method (or `ALL`) and a path pattern; the first registration of a pair wins. */
  add(method: string, path: string, value: T): void {
    const normalized = normalizePattern(path);
    if (normalized.indexOf(':') === -1 && normalized.indexOf('*') === -1) {
      let byMethod = this.statics.get(normalized);
      if (!byMethod) this.statics.set(normalized, (byMethod = new Map()));
      if (!byMethod.has(method)) byMethod.set(method, value);
      return;
    }
    this.dynamicCount++;
    const segments = normalized.split('/').slice(1);
    let node = this.root;
    for (let i = 0; i < segments.length; i++) {
      const segment = segments[i];
      if (segment === '*' && i === segments.length - 1) {
        node.wildcard ??= new Map();
        if (!node.wildcard.has(method)) node.wildcard.set(method, value);
        return;
      }
      if (segment.charCodeAt(0) === 58) {
        const name = segment.slice(1);
        if (!name) throw new Error(`Route "${path}": a parameter needs a name after ":"`);
        if (node.param && node.param.name !== name) {
          throw new Error(`Route "${path}": parameter ":${name}" conflicts with ":${node.param.name}" at the same position`);
        }
        node.param ??= { name, node: newNode<T>() };
        node = node.param.node;
        continue;
      }
      if (segment.indexOf('*') !== -1) throw new Error(`Route "${path}": "*" is allowed only as the last segment`);
      node.statics ??= new Map();
      let next = node.statics.get(segment);
      if (!next) node.statics.set(segment, (next = newNode<T>()));
      node = next;
    }
    node.values ??= new Map();
    if (!node.values.has(method)) node.values.set(method, value);
  }

  /** Finds the value for a request method and an already path-only URL path, or null. */
  match(method: string, path: string): Match<T> | null {
    const byMethod = this.statics.get(path);
    if (byMethod !== undefined) {
      const value = byMethod.get(method) ?? byMethod.get(ANY);
      if (value !== undefined) return { value, params: {} };
    }
    if (this.dynamicCount === 0) return null;
    const params: Params = {};
    const value = this.walk(this.root, path, 1, method, params);
    return value === undefined ? null : { value, params };
  }

  /** Lists the methods that some route answers on this path, for 405 and OPTIONS answers. */
  allowedMethods(path: string): string[] {
    const found = new Set<string>();
    const byMethod = this.statics.get(path);
    if (byMethod) for (const m of byMethod.keys()) found.add(m);
    if (this.dynamicCount > 0) this.collect(this.root, path, 1, found);
    return [...found];
  }

  private walk(node: Node<T>, path: string, start: number, method: string, params: Params): T | undefined {
    if (start > path.length) {
      const values = node.values;
      return values === null ? undefined : values.get(method) ?? values.get(ANY);
    }
    let end = path.indexOf('/', start);
    if (end === -1) end = path.length;
    if (node.statics !== null) {
      const child = node.statics.get(path.slice(start, end));
      if (child !== undefined) {
        const found = this.walk(child, path, end + 1, method, params);
        if (found !== undefined) return found;
      }
    }
    if (node.param !== null && end > start) {
      const found = this.walk(node.param.node, path, end + 1, method, params);
      if (found !== undefined) {
        params[node.param.name] = decode(path.slice(start, end));
        return found;
      }
    }
    if (node.wildcard !== null) {
      const value = node.wildcard.get(method) ?? node.wildcard.get(ANY);
      if (value !== undefined) {
        params['*'] = decode(path.slice(start));
        return value;
      }
    }
    return undefined;
  }

  private collect(node: Node<T>, path: string, start: number, found: Set<string>): void {
    if (node.wildcard) for (const m of node.wildcard.keys()) found.add(m);
    if (start > path.length) {
      if (node.values) for (const m of node.values.keys()) found.add(m);
      return;
    }
    let end = path.indexOf('/', start);
    if (end === -1) end = path.length;
    const child = node.statics?.get(path.slice(start, end));
    if (child) this.collect(child, path, end + 1, found);
    if (node.param && end > start) this.collect(node.param.node, path, end + 1, found);
  }
}

/** Turns a registered path into its canonical form: leading slash, no trailing slash except the root. */
export function normalizePattern(path: string): string {
  let p = path.startsWith('/') ? path : `/${path}`;
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return p;
}
