import { dataLabel, toPointer } from './json-pointer';
import type { StandardSchemaV1 } from './standard-schema';
import type { ValidationError } from './validation-errors';
import type { ValidationResult } from './validation';

function segmentText(segment: PropertyKey | StandardSchemaV1.PathSegment): string {
  const key = typeof segment === 'object' ? segment.key : segment;
  return typeof key === 'symbol' ? (key.description ?? '') : String(key);
}

/** An issue as fw's error entry: path `/query/page`, message `query.page: <the library's message>`, keyword `standard-schema`. */
function toError(issue: StandardSchemaV1.Issue, where: string): ValidationError {
  const path = toPointer((issue.path ?? []).map(segmentText));
  return { path: `/${where}${path}`, message: `${dataLabel(where, path)}: ${issue.message}`, keyword: 'standard-schema' };
}

function toResult(outcome: StandardSchemaV1.Result<unknown>, data: unknown, where: string): ValidationResult<unknown> {
  if (outcome.issues) return { valid: false, value: data, errors: outcome.issues.map((issue) => toError(issue, where)) };
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
      return Promise.resolve(outcome).then((o) => toResult(o, data, where));
    return toResult(outcome as StandardSchemaV1.Result<unknown>, data, where);
  };
}
