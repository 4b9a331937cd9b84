/**
 * The router's work for pattern segments (constraints, several parameters in one segment): their edges in the route
 * trie and their alternatives in the combined RegExp. Only the full syntax makes pattern segments, so
 * `useFullRouteSyntax()` installs this with its reader and a kernel bundle without it carries none of it.
 */
import { rawNode, type PatternEdges } from './route-matcher';

/** Pattern edges: shared by segments that match the same text, tried with more literal text first, then in registration order. */
export const patternEdges: PatternEdges = {
  child(node, segment) {
    const edges = (node.patterns ??= []);
    const found = edges.find((edge) => edge.key === segment.key);
    if (found) return found.node;
    const edge = { ...segment, node: rawNode() };
    const at = edges.findIndex((other) => other.literalLength < edge.literalLength);
    edges.splice(at === -1 ? edges.length : at, 0, edge);
    return edge.node;
  },
  alternatives(generator, node, groups) {
    const alternatives: string[] = [];
    for (const edge of node.patterns ?? []) {
      if (!generator.answers(edge.node)) continue;
      const pattern = edge.source(generator.group);
      generator.group = pattern.lastGroup;
      alternatives.push(pattern.source + generator.after(edge.node, [...groups, ...pattern.valueGroups]));
    }
    return alternatives;
  },
};
