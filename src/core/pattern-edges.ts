/**
 * The trie edges of pattern segments (constraints, several parameters in one segment). Only the full syntax makes
 * pattern segments, so `fullRouteSyntax` carries this with its reader and a kernel bundle carries none of it.
 */
import { rawNode, type PatternSegment, type RawNode } from './route-trie';

/** The edge of a pattern segment: shared by segments that match the same text, tried with more literal text first, then in registration order. */
export function patternChild<T>(node: RawNode<T>, segment: PatternSegment): RawNode<T> {
  const edges = (node.patterns ??= []);
  const found = edges.find((edge) => edge.key === segment.key);
  if (found) return found.node;
  const edge = { ...segment, node: rawNode<T>() };
  const at = edges.findIndex((other) => other.literalLength < edge.literalLength);
  edges.splice(at === -1 ? edges.length : at, 0, edge);
  return edge.node;
}
