import { keysLabel, toPointer } from './json-pointer';
import type { StandardSchemaV1 } from './standard-schema';
import type { ValidationError } from './validation-errors';
import type { ValidationResult } from './validation-exception';

function segmentText(segment: PropertyKey | StandardSchemaV1.PathSegment): string {
  const key = typeof segment === 'object' ? segment.key : segment;
  return typeof key === 'symbol' ? (key.description ?? '') : String(key);
}

/**
 * An issue as fw's error entry: path `/query/page`, message `query.page: <the library's message>`, keyword
 * `standard-schema`. Issues and paths are read with `Array.from`: arktype hands them as Array subclasses whose `map`
 * builds an instance of their own class.
 */
function toError(issue: StandardSchemaV1.Issue, where: string): ValidationError {
  const keys = Array.from(issue.path ?? [], segmentText);
  return { path: `/${where}${toPointer(keys)}`, message: `${keysLabel(where, keys)}: ${issue.message}`, keyword: 'standard-schema' };
}

function toResult(outcome: StandardSchemaV1.Result<unknown>, data: unknown, where: string): ValidationResult<unknown> {
  if (outcome.issues) return { valid: false, value: data, errors: Array.from(outcome.issues, (issue) => toError(issue, where)) };
  return { valid: true, value: outcome.value, errors: [] };
}

/**
 * A validator for one request part (`where`: `body`, `query`, ...) through a Standard Schema's `~standard.validate`:
 * the library's output as the value (coerced, defaults filled, as the library does), its issues as fw's error list.
 * Synchronous when the library answers synchronously, a Promise when it answers with one (async refinements).
 */
export function createStandardValidator(
  schema: StandardSchemaV1,
  where: string,
): (data: unknown) => ValidationResult<unknown> | Promise<ValidationResult<unknown>> {
  const props = schema['~standard'];
  return (data) => {
    const outcome = props.validate(data);
    if (typeof (outcome as Partial<PromiseLike<unknown>>).then === 'function')
      return (outcome as Promise<StandardSchemaV1.Result<unknown>>).then((o) => toResult(o, data, where));
    return toResult(outcome as StandardSchemaV1.Result<unknown>, data, where);
  };
}
