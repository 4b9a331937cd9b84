/**
 * RegExp text for one path segment of the combined route RegExp: literal text escaped, and pattern segments
 * (constraints, several parameters with text between them) with one capture group per parameter value.
 */
import type { ParamSlot } from './route-pattern';

/** Escapes literal text for a RegExp, so route text with `.`, `+` or `(` matches only itself. */
export function escapeLiteral(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A pattern segment's RegExp text and the groups it uses. */
export interface PatternSource {
  source: string;
  /** The group number of each parameter's value, in order. */
  valueGroups: number[];
  /** The last group number the text uses. */
  lastGroup: number;
}

/**
 * The RegExp text matching one pattern segment, its groups numbered after `groupsBefore`. As in find-my-way, the
 * first parameter takes as little as it can and a later one never contains the text just before it (`/:a-:b` on
 * `x-y-z` gives a = `x-y`, b = `z`), which also keeps the RegExp from backtracking quadratically; a constraint that
 * might match "/" is held to the segment: the segment's last character and the rest of the path are captured
 * first, and must be what the match ends with. Only values and route markers capture, and values are never empty,
 * so the first empty capture is always the marker of the route that matched.
 */
export function patternSource(parts: (string | ParamSlot)[], groupsBefore: number): PatternSource {
  let group = groupsBefore;
  const confined = parts.some((p) => typeof p !== 'string' && !p.withinSegment);
  const rest = confined ? ++group : 0;
  let source = confined ? '(?=[^/]*?([^/](?:/[^]*)?$))' : '';
  const valueGroups: number[] = [];
  let before = '';
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    if (typeof part === 'string') {
      source += escapeLiteral(part);
      before = part;
      continue;
    }
    valueGroups.push(++group);
    const next = parts[i + 1];
    if (part.constraint === null) {
      if (valueGroups.length > 1) source += `((?:(?!${escapeLiteral(before)})[^/])+)`;
      else source += next === undefined ? '([^/]+)' : '([^/]+?)';
      continue;
    }
    const guard = !part.canBeEmpty ? '' : typeof next === 'string' ? `(?!${escapeLiteral(next)})` : '(?=[^/])';
    source += `${guard}((?:${part.constraint}))`;
  }
  if (confined) source += `(?<=(?=\\${rest}$)[^])`;
  return { source, valueGroups, lastGroup: group };
}
