/**
 * The kernel's matcher of dynamic routes: a walk of the route trie one segment at a time, trying static text, then a
 * parameter, then the wildcard, and backtracking when a branch ends without a route for the method; so the most
 * specific route wins at every segment from the left. The kernel's syntax makes no pattern segments; the full syntax
 * installs the RegExp compiler (route-matcher.ts), which also matches those.
 */
import { decodeParam } from './path';
import { pick, type DynamicCompiler, type Match, type Params, type RawNode, type Stored } from './route-trie';

function found<T>(route: Stored<T>, values: string[], rest: string | null): Match<T> {
  const params: Params = {};
  for (let i = 0; i < values.length; i++) params[route.names[i]] = decodeParam(values[i]);
  if (rest !== null) params['*'] = decodeParam(rest);
  return { value: route.value, params };
}

/** The match below `node` for the path from `start` (just after a slash); `values` holds the parameters taken so far. */
function walk<T>(node: RawNode<T>, method: string, path: string, start: number, values: string[]): Match<T> | null {
  const slash = path.indexOf('/', start);
  const segment = slash === -1 ? path.slice(start) : path.slice(start, slash);
  const next = node.statics?.get(segment);
  const hit = next === undefined ? null : enter(next, method, path, slash, values);
  if (hit !== null) return hit;
  if (node.param !== null && segment !== '') {
    values.push(segment);
    const param = enter(node.param, method, path, slash, values);
    if (param !== null) return param;
    values.pop();
  }
  const wildcard = pick(node.wildcard, method);
  return wildcard === undefined ? null : found(wildcard, values, path.slice(start));
}

/** Goes on below a node whose segment ended at `slash`: the node's own route at the end of the path, else the next segment. */
function enter<T>(node: RawNode<T>, method: string, path: string, slash: number, values: string[]): Match<T> | null {
  if (slash !== -1) return walk(node, method, path, slash + 1, values);
  const route = pick(node.values, method);
  return route === undefined ? null : found(route, values, null);
}

/** The kernel's dynamic matcher of one method: the trie walk. */
export const walkTrie: DynamicCompiler = (root, method) => (path) => walk(root, method, path, 1, []);
