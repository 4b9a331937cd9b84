/**
 * fw's full route pattern syntax, beyond the kernel's (route-pattern.ts): constraints, optional parameters, several
 * parameters in one segment and `::`. It reads a registered path into the segment shapes the router stores, and
 * refuses at registration whatever it does not support, naming the syntax it does. Literal text is decoded as
 * request paths are (src/core/path.ts), after the syntax is read, so `%3A` is a literal colon and `:` starts a
 * parameter. `fullRouteSyntax` gives it to one app's router: `fw`'s `Fw` presets it, a `fw/core` app passes
 * `new Fw({ routeSyntax: fullRouteSyntax })`; other apps in the process keep their own.
 */
import { decodeSegment } from './path';
import { shapeKey, type ParamSlot, type RouteShape, type Segment } from './route-pattern';
import { patternChild } from './pattern-edges';
import { compileRegExps } from './route-matcher';
import type { RouteSyntax } from './router';
import { patternSource } from './segment-source';

const syntax =
  'Route syntax: literal text, ":name" (one segment), ":name(regexp)" or ":name{regexp}" (the regexp must match the ' +
  'whole value, within its segment), ":name?" (optional, last segments only), several parameters in one segment ' +
  'with text between them ("/:file.:ext", "/:from-:to"), and "*" as the whole last segment. Write a literal ":" ' +
  'as "::" or %3A, and "(", ")", "{", "}", "*" and "?" as %28, %29, %7B, %7D, %2A and %3F';

function fail(path: string, problem: string): never {
  throw new Error(`Route "${path}": ${problem}. ${syntax}`);
}

// biome-ignore lint/complexity/useRegexLiterals: V8 validates a `\p{…}` literal while parsing the bundle (about 0.4 ms of a worker's start-up), a constructed RegExp only when it first runs
const nameAt = new RegExp('[\\p{L}\\p{N}_$]+', 'uy');
const trailingDollar = /(?:^|[^\\])(?:\\\\)*\$$/;
/** Constraints built only from pieces that cannot match "/": word characters, \d \w \s, escaped literals, classes without negation. */
const slashFree = /^(?:[\w\-|(){},?+*=!:<\u0080-\uffff]|\\[dws.\-+*?()[\]{}|^$]|\[(?:\w-\w|[\w-]|\\[dws.-])+\])*$/;

/** The index of the bracket closing the constraint that opens at `start`, skipping escapes and character classes. */
function closingBracket(path: string, text: string, start: number): number {
  const open = text[start];
  const close = open === '(' ? ')' : '}';
  let depth = 0;
  let inClass = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === open) depth++;
    else if (c === close && --depth === 0) return i;
  }
  return fail(path, `unbalanced "${open}" in the constraint "${text.slice(start)}": close it with "${close}"`);
}

/** Refuses regexp features that would break inside the combined RegExp: anchors in the middle, named groups, backreferences, \p. */
function checkConstraintFeatures(path: string, written: string, source: string): void {
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      const next = source[++i];
      if (next === 'k' || (next >= '1' && next <= '9'))
        fail(path, `the constraint "${written}" uses a backreference, which constraints cannot`);
      if (next === 'p' || next === 'P')
        fail(path, `the constraint "${written}" uses \\${next}{...}, which needs the u flag constraints are not compiled with`);
    } else if (inClass) {
      inClass = c !== ']';
    } else if (c === '[') {
      inClass = true;
    } else if (c === '(' && source.startsWith('?<', i + 1) && source[i + 3] !== '=' && source[i + 3] !== '!') {
      fail(path, `the constraint "${written}" uses a named group; use (...) or (?:...)`);
    } else if (c === '^' || c === '$') {
      fail(path, `the constraint "${written}" has "${c}" inside it; a constraint always matches the whole value, so leave anchors out`);
    }
  }
}

/** The constraint with its groups made non-capturing, so the combined RegExp's only captures are values and route markers. */
function nonCapturing(source: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      out += c + source[++i];
      continue;
    }
    if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(' && source[i + 1] !== '?') {
      out += '(?:';
      continue;
    }
    out += c;
  }
  return out;
}

/** The slot of an unconstrained parameter; `:id{[^/]+}` (what a plain parameter matches, written out) is one too. */
const anyValue: ParamSlot = { constraint: null, withinSegment: true, canBeEmpty: false };

/** Validates a written constraint (between its brackets) and describes it for the RegExp generator. */
function constraintSlot(path: string, written: string): ParamSlot {
  let source = written.startsWith('^') ? written.slice(1) : written;
  if (trailingDollar.test(source)) source = source.slice(0, -1);
  if (source === '') fail(path, `the constraint "${written}" is empty; leave the brackets out for any value`);
  if (source === '[^/]+') return anyValue;
  checkConstraintFeatures(path, written, source);
  let whole: RegExp;
  try {
    new RegExp(source);
    whole = new RegExp(`^(?:${source})$`);
  } catch (error) {
    return fail(path, `the constraint "${written}" is not a valid regexp (${(error as Error).message})`);
  }
  return { constraint: nonCapturing(source), withinSegment: slashFree.test(source), canBeEmpty: whole.test('') };
}

/** Decodes literal text the way request paths are decoded (so `%C3%A9` and `é` are one route), refusing a malformed escape. */
function literalText(path: string, text: string): string {
  const decoded = decodeSegment(text);
  if (decoded === null) fail(path, `malformed percent-escape in "${text}" (write the character itself, or a UTF-8 escape like %C3%A9)`);
  return decoded;
}

const unexpected: Record<string, string> = {
  '(': '"(" only opens a constraint right after a parameter name, as in ":id(\\d+)"',
  ')': '")" only closes a constraint opened after a parameter name',
  '{': '"{" only opens a constraint right after a parameter name, as in ":id{[0-9]+}"; "{id}" is not a parameter, write ":id"',
  '}': '"}" only closes a constraint opened after a parameter name',
  '*': '"*" is allowed only as the last segment, whole, as in "/files/*"',
  '?': '"?" only marks an optional parameter, as in "/:id?"',
  '\\': 'a backslash is read as "/" in request paths; write "/" or %5C',
};

interface ReadSegment {
  segment: Segment;
  optional: boolean;
  wildcard: boolean;
}

/** Reads the segment of `path` starting at `at` (just after its slash); returns it and the index of the slash that ends it. Errors name the pattern as `written`. */
function readSegment(written: string, path: string, at: number, names: string[]): [ReadSegment, number] {
  const parts: (string | ParamSlot)[] = [];
  let literal = '';
  let optional = false;
  let i = at;
  while (i < path.length && path[i] !== '/') {
    const c = path[i];
    if (optional) fail(written, 'an optional parameter must be a whole segment, as in "/:id?"');
    if (c === ':' && path[i + 1] === ':') {
      literal += ':';
      i += 2;
    } else if (c === ':') {
      nameAt.lastIndex = i + 1;
      const name = nameAt.exec(path)?.[0];
      if (name === undefined)
        fail(written, `a parameter needs a name after ":" (letters, digits, "_" or "$"); write "::" for a literal colon`);
      if (literal !== '') parts.push(literalText(written, literal));
      else if (parts.length > 0) fail(written, `":${names[names.length - 1]}" and ":${name}" need literal text between them`);
      literal = '';
      if (names.includes(name)) fail(written, `the parameter name ":${name}" is used twice; give each parameter its own name`);
      if (name === '__proto__') fail(written, '":__proto__" cannot name a parameter');
      names.push(name);
      i += 1 + name.length;
      let slot = anyValue;
      if (path[i] === '(' || path[i] === '{') {
        const end = closingBracket(written, path, i);
        slot = constraintSlot(written, path.slice(i + 1, end));
        i = end + 1;
      }
      parts.push(slot);
      if (path[i] === '+' && (i + 1 === path.length || path[i + 1] === '/'))
        fail(written, `":${name}+" (one or more segments) is not supported; end the path with "/*" instead`);
      if (path[i] === '?') {
        optional = true;
        i++;
      }
    } else if (Object.hasOwn(unexpected, c)) {
      if (c === '*' && i === at && (i + 1 === path.length || path[i + 1] === '/'))
        return [{ segment: { kind: 'param' }, optional: false, wildcard: true }, i + 1];
      fail(written, unexpected[c]);
    } else {
      literal += c;
      i++;
    }
  }
  if (literal !== '') parts.push(literalText(written, literal));
  if (optional && parts.length > 1) fail(written, 'an optional parameter must be a whole segment, as in "/:id?"');
  return [{ segment: segmentOf(written, parts), optional, wildcard: false }, i];
}

function segmentOf(path: string, parts: (string | ParamSlot)[]): Segment {
  const [first] = parts;
  if (parts.length === 1 && typeof first === 'string') {
    if (first === '.' || first === '..')
      fail(path, '"." and ".." segments never match a request (request paths are resolved before matching); remove them');
    return { kind: 'static', text: first };
  }
  if (parts.length === 1 && typeof first !== 'string' && first.constraint === null) return { kind: 'param' };
  const key = JSON.stringify(parts.map((p) => (typeof p === 'string' ? p : [p.constraint])));
  const literalLength = parts.reduce((sum, p) => sum + (typeof p === 'string' ? p.length : 0), 0);
  return { kind: 'pattern', parts, key, literalLength, source: (groupsBefore) => patternSource(parts, groupsBefore) };
}

/**
 * Reads a route pattern into the shapes to register (one, or one per length when it ends with optional
 * parameters), so the router stores structure instead of re-reading text; throws a registration error naming
 * the supported syntax on anything else.
 */
export function readFullPattern(path: string): RouteShape[] {
  const text = path.startsWith('/') ? path : `/${path}`;
  const segments: Segment[] = [];
  const names: string[] = [];
  const namesBefore: number[] = [];
  let firstOptional = -1;
  let wildcard = false;
  for (let i = 0; i < text.length; ) {
    if (text[i] === '/') {
      i++;
      continue;
    }
    if (wildcard) fail(path, unexpected['*']);
    const before = names.length;
    const [read, end] = readSegment(path, text, i, names);
    i = end;
    if (read.wildcard) {
      if (firstOptional !== -1) fail(path, 'a wildcard cannot follow an optional parameter');
      wildcard = true;
      continue;
    }
    if (read.optional && firstOptional === -1) firstOptional = segments.length;
    else if (!read.optional && firstOptional !== -1)
      fail(path, 'an optional parameter must be followed only by optional parameters; register the shorter route separately');
    namesBefore.push(before);
    segments.push(read.segment);
  }
  if (firstOptional === -1) return [{ segments, wildcard, names, key: shapeKey(segments, wildcard) }];
  const shapes: RouteShape[] = [];
  for (let length = firstOptional; length <= segments.length; length++) {
    const kept = segments.slice(0, length);
    shapes.push({
      segments: kept,
      wildcard: false,
      names: names.slice(0, length === segments.length ? names.length : namesBefore[length]),
      key: shapeKey(kept, false),
    });
  }
  return shapes;
}

/** The full route syntax, for one app's router: `new Fw({ routeSyntax: fullRouteSyntax })` (`fw`'s `Fw` presets it). */
export const fullRouteSyntax: RouteSyntax = { read: readFullPattern, child: patternChild, compile: compileRegExps };
