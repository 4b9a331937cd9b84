/**
 * The router's work for pattern segments (constraints, several parameters in one segment): their edges in the route
 * trie and their alternatives in the combined RegExp. Only the full syntax makes pattern segments, so
 * `useFullRouteSyntax()` installs this with its reader and a kernel bundle without it carries none of it.
 */
import { rawNode, type Generator, type PatternEdges, type PatternSegment, type RawNode } from './route-matcher';

/** The edge of a pattern segment: shared by segments that match the same text, tried with more literal text first, then in registration order. */
function child<T>(node: RawNode<T>, segment: PatternSegment): RawNode<T> {
  const edges = (node.patterns ??= []);
  const found = edges.find((edge) => edge.key === segment.key);
  if (found) return found.node;
  const edge = { ...segment, node: rawNode<T>() };
  const at = edges.findIndex((other) => other.literalLength < edge.literalLength);
  edges.splice(at === -1 ? edges.length : at, 0, edge);
  return edge.node;
}

/** The RegExp alternatives of a node's pattern edges that answer the generator's method, in the order they are tried. */
function alternatives<T>(generator: Generator<T>, node: RawNode<T>, groups: number[]): string[] {
  const sources: string[] = [];
  for (const edge of node.patterns ?? []) {
    if (!generator.answers(edge.node)) continue;
    const pattern = edge.source(generator.group);
    generator.group = pattern.lastGroup;
    sources.push(pattern.source + generator.after(edge.node, [...groups, ...pattern.valueGroups]));
  }
  return sources;
}

/** What `useFullRouteSyntax()` installs for the router. */
export const patternEdges: PatternEdges = { child, alternatives };
