import type { OutputUnit } from '@cfworker/json-schema';
import { describeUnit, describeValue, type Described, type Issue, unionWords } from './error-text';
import { dataLabel, pointerSegments, toPointer } from './json-pointer';
import type { SchemaLookup } from './quick-check';

/** One validation failure: where (JSON pointer into the data), what went wrong, and which keyword said so. */
export interface ValidationError {
  path: string;
  message: string;
  keyword: string;
}

/** What errors are described from: the data that was checked, and the schema (with its `$ref` lookup) it was checked against. */
export interface ErrorSource {
  data: unknown;
  schema: unknown;
  lookup: SchemaLookup;
}

const unions = new Set(['anyOf', 'oneOf']);

function at(root: unknown, segments: string[]): unknown {
  let node = root;
  for (const segment of segments) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

/** The schema object holding the keyword a unit reports, following `$ref`s through the lookup (undefined when it cannot be found). */
function keywordParent(keywordLocation: string, source: ErrorSource): Record<string, unknown> | undefined {
  const segments = pointerSegments(keywordLocation);
  let node: unknown = source.schema;
  for (const segment of segments.slice(0, -1)) {
    if (node === null || typeof node !== 'object') return undefined;
    const schema = node as Record<string, unknown>;
    if (segment === '$ref') node = source.lookup[((schema as { __absolute_ref__?: string }).__absolute_ref__ || schema.$ref) as string];
    else node = schema[segment];
  }
  return node !== null && typeof node === 'object' ? (node as Record<string, unknown>) : undefined;
}

function isWithin(unit: OutputUnit, container: OutputUnit): boolean {
  return unit !== container && unit.keywordLocation.startsWith(`${container.keywordLocation}/`);
}

function expectationOf(unit: OutputUnit, source: ErrorSource): Described {
  const segments = pointerSegments(unit.instanceLocation);
  return describeUnit(unit, keywordParent(unit.keywordLocation, source), segments, at(source.data, segments));
}

function leavesOf(units: OutputUnit[]): OutputUnit[] {
  return units.filter((u) => !units.some((other) => isWithin(other, u)));
}

/**
 * Why a union failed. When every branch failed right at the union's value, their expectations joined with "or"
 * (`must be string or be number`); when all branches but one failed only on `type`, that branch's own errors (it is
 * the one the value was meant for); otherwise that no branch matched.
 */
function unionIssues(unit: OutputUnit, units: OutputUnit[], source: ErrorSource): Issue[] {
  const segments = pointerSegments(unit.instanceLocation);
  const path = toPointer(segments);
  const got = describeValue(at(source.data, segments));
  const matches = /\((\d+) matches\)/.exec(unit.error);
  if (matches !== null && matches[1] !== '0') {
    return [{ path, text: `must match exactly one of the ${unit.keyword} schemas, but matched ${matches[1]}`, keyword: unit.keyword }];
  }
  const branches = new Map<string, OutputUnit[]>();
  for (const u of units) {
    if (!isWithin(u, unit)) continue;
    const branch = pointerSegments(u.keywordLocation.slice(unit.keywordLocation.length))[0];
    branches.set(branch, [...(branches.get(branch) ?? []), u]);
  }
  const list = keywordParent(unit.keywordLocation, source)?.[unit.keyword];
  if (!Array.isArray(list) || branches.size < list.length)
    return [{ path, text: `must match one of the ${unit.keyword} schemas, got ${got}`, keyword: unit.keyword }];
  const atValue = (u: OutputUnit): boolean => u.instanceLocation === unit.instanceLocation;
  const failed = [...branches.values()];
  const words = unionWords(
    failed.map((branchUnits) => {
      const leaves = leavesOf(branchUnits);
      return {
        musts: branchUnits.some((u) => unions.has(u.keyword))
          ? [null]
          : leaves.map((u) => (atValue(u) ? expectationOf(u, source).must : null)),
        typeOnly: leaves.every((u) => u.keyword === 'type' && atValue(u)),
      };
    }),
  );
  if (typeof words === 'number') return describeIssues(failed[words], source);
  return [{ path, text: `must ${words ?? `match one of the ${unit.keyword} schemas`}, got ${got}`, keyword: unit.keyword }];
}

/**
 * Turns `@cfworker/json-schema` output into the leaf failures a client can act on, each saying what was expected and
 * what came: one entry per failing keyword (wrapper keywords such as `properties` dropped when a deeper error explains
 * them), `anyOf`/`oneOf` reported once with their branches' expectations, a missing or extra property reported at
 * that property.
 */
export function describeIssues(units: OutputUnit[], source: ErrorSource): Issue[] {
  const meaningful = units.filter((u) => u.keyword !== 'false');
  const unionUnits = meaningful.filter((u) => unions.has(u.keyword));
  const seen = new Set<string>();
  const issues: Issue[] = [];
  for (const unit of meaningful) {
    if (unionUnits.some((u) => isWithin(unit, u))) continue;
    let found: Issue[];
    if (unions.has(unit.keyword)) {
      found = unionIssues(unit, meaningful, source);
    } else {
      if (meaningful.some((other) => isWithin(other, unit))) continue;
      found = [expectationOf(unit, source).issue];
    }
    for (const issue of found) {
      const key = `${issue.path}\u0000${issue.keyword}\u0000${issue.text}`;
      if (seen.has(key)) continue;
      seen.add(key);
      issues.push(issue);
    }
  }
  return issues;
}

/**
 * The error list of a failed validation: paths are JSON pointers prefixed with `where` (`/query/limit`), messages name
 * the place (`query.limit must be integer, got "abc"`).
 */
export function toValidationErrors(units: OutputUnit[], source: ErrorSource, where?: string): ValidationError[] {
  return describeIssues(units, source).map(({ path, text, keyword }) => ({
    path: where === undefined ? path : `/${where}${path}`,
    message: `${dataLabel(where, path)} ${text}`,
    keyword,
  }));
}
