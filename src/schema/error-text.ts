import type { OutputUnit } from '@cfworker/json-schema';
import { toPointer } from './json-pointer';

/** A failure before it gets its label: where (JSON pointer into the data), the rest of the sentence, the keyword. */
export interface Issue {
  path: string;
  text: string;
  keyword: string;
}

/** One validator error in words: the issue, and what was expected (`be integer`) for unions to combine, when it has one. */
export interface Described {
  issue: Issue;
  must: string | null;
}

/** A value as messages show it: strings quoted (cut after 40 characters), numbers as written, objects and arrays by kind. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string')
    return value.length > 40 ? `${JSON.stringify(value.slice(0, 40))}… (${value.length} characters)` : JSON.stringify(value);
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  return String(value);
}

function listOf(values: unknown[]): string {
  const shown = values
    .slice(0, 10)
    .map((v) => JSON.stringify(v))
    .join(', ');
  return values.length > 10 ? `${shown}, … (${values.length} in all)` : shown;
}

const plural = (n: unknown, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

type Keyword = Record<string, unknown> | undefined;

/** What a keyword asks for, and what the value was instead; null when fw has no words for the keyword. */
function expectation(keyword: string, schema: Keyword, value: unknown, error: string): { must: string; got: string } | null {
  const got = describeValue(value);
  const s = schema ?? {};
  switch (keyword) {
    case 'type': {
      const types = s.type ?? /Expected "(.*)"\.$/.exec(error)?.[1].split('", "');
      return types === undefined ? null : { must: `be ${([] as unknown[]).concat(types).join(' or ')}`, got };
    }
    case 'const':
      return 'const' in s ? { must: `be ${JSON.stringify(s.const)}`, got } : null;
    case 'enum':
      return Array.isArray(s.enum) ? { must: `be one of ${listOf(s.enum)}`, got } : null;
    case 'pattern':
      return typeof s.pattern === 'string' ? { must: `match pattern ${s.pattern}`, got } : null;
    case 'format':
      return typeof s.format === 'string' ? { must: `be a valid ${s.format}`, got } : null;
    case 'minLength':
      return { must: `be at least ${plural(s.minLength, 'character', 'characters')} long`, got };
    case 'maxLength':
      return { must: `be at most ${plural(s.maxLength, 'character', 'characters')} long`, got };
    case 'minimum':
      return { must: `be ${s.exclusiveMinimum === true ? '>' : '>='} ${s.minimum}`, got };
    case 'maximum':
      return { must: `be ${s.exclusiveMaximum === true ? '<' : '<='} ${s.maximum}`, got };
    case 'exclusiveMinimum':
      return { must: `be > ${s.exclusiveMinimum}`, got };
    case 'exclusiveMaximum':
      return { must: `be < ${s.exclusiveMaximum}`, got };
    case 'multipleOf':
      return { must: `be a multiple of ${s.multipleOf}`, got };
    case 'minItems':
      return { must: `have at least ${plural(s.minItems, 'item', 'items')}`, got: String((value as unknown[]).length) };
    case 'maxItems':
      return { must: `have at most ${plural(s.maxItems, 'item', 'items')}`, got: String((value as unknown[]).length) };
    case 'minProperties':
      return {
        must: `have at least ${plural(s.minProperties, 'property', 'properties')}`,
        got: String(Object.keys(value as object).length),
      };
    case 'maxProperties':
      return {
        must: `have at most ${plural(s.maxProperties, 'property', 'properties')}`,
        got: String(Object.keys(value as object).length),
      };
    case 'uniqueItems': {
      const at = /indexes (\d+) and (\d+)/.exec(error);
      return { must: 'have no duplicate items', got: at === null ? 'duplicates' : `a duplicate (items ${at[1]} and ${at[2]})` };
    }
    case 'not':
      return { must: 'not match the "not" schema', got };
    default:
      return null;
  }
}

/**
 * One failed branch of a union: what each of its failures asked of the union's value itself (null: failed deeper
 * down, or on a keyword without words), and whether it failed only on `type` there.
 */
export interface BranchFailure {
  musts: (string | null)[];
  typeOnly: boolean;
}

/**
 * How a failed union (`anyOf`, `oneOf`, a meta-schema's union) is worded, the same for data and for schemas: when
 * every branch failed right at the union's value, the expectation for `must <it>, got <value>` (a branch's own joined
 * with "and", the branches' with "or"); else the index of the one branch that did not fail only on `type` (the one
 * the value was meant for: its own problems say why); else null (the value matches none).
 */
export function unionWords(branches: BranchFailure[]): string | number | null {
  const options = branches.map(({ musts }) => (musts.includes(null) ? '' : [...new Set(musts)].join(' and ')));
  if (!options.includes('')) return [...new Set(options)].join(' or ');
  const fitting = branches.flatMap((branch, i) => (branch.typeOnly ? [] : [i]));
  return fitting.length === 1 ? fitting[0] : null;
}

const extraProperty =
  /^Property "(.*)" (?:does not match (?:additional |unevaluated )?properties schema|does not match schema|matches pattern ".*" but does not match associated schema)\.$/;
const dependency = /^Instance has "(.*)" but does not have "(.*)"\.$/;

/**
 * Words for one validator error: `is required` at a missing property, `is not allowed` at a property its schema
 * refuses, `must <what the keyword asks>, got <the value>` otherwise (`property name "x" must ...` for `propertyNames`),
 * and the validator's own sentence for keywords fw has no words for.
 */
export function describeUnit(unit: OutputUnit, schema: Keyword, segments: string[], value: unknown): Described {
  const { keyword, error } = unit;
  const path = toPointer(segments);
  const required = keyword === 'required' ? /required property "(.*)"\.$/.exec(error) : null;
  if (required !== null)
    return {
      issue: { path: toPointer([...segments, required[1]]), text: 'is required', keyword },
      must: `have property ${JSON.stringify(required[1])}`,
    };
  const depends = dependency.exec(error);
  if (depends !== null)
    return {
      issue: { path: toPointer([...segments, depends[2]]), text: `is required when ${JSON.stringify(depends[1])} is present`, keyword },
      must: null,
    };
  const extra = extraProperty.exec(error);
  if (extra !== null) return { issue: { path: toPointer([...segments, extra[1]]), text: 'is not allowed', keyword }, must: null };
  const naming = unit.keywordLocation.includes('/propertyNames/');
  const asked = expectation(keyword, schema, naming ? segments[segments.length - 1] : value, error);
  if (asked === null)
    return { issue: { path, text: `is invalid: ${error.replace(/^Instance /, '').replace(/\.$/, '')}`, keyword }, must: null };
  const text = `must ${asked.must}, got ${asked.got}`;
  if (naming)
    return {
      issue: {
        path: toPointer(segments.slice(0, -1)),
        text: `has property name ${JSON.stringify(segments[segments.length - 1])} that ${text}`,
        keyword,
      },
      must: null,
    };
  return { issue: { path, text, keyword }, must: asked.must };
}
