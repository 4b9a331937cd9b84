/** `createResponseValidator`: checks JSON responses against the route's response schema (development and tests). */
import type { Context } from '../core/context';
import type { AfterHook, JSONSchema } from '../core/types';
import { createValidator } from '../schema/validation';

/** Options of createResponseValidator. */
export interface ResponseValidatorOptions {
  /** What to do with a response that does not match: answer 500 with the errors (default), or only report. */
  mode?: 'reject' | 'report';
  /** Called with every mismatch (method, path, status and the validation errors). */
  onInvalid?: (report: { method: string; path: string; status: number; errors: unknown[] }) => void;
}

function schemaFor(schemas: JSONSchema | Record<string, JSONSchema>, status: number): JSONSchema | undefined {
  const keys = Object.keys(schemas);
  const byStatus = keys.length > 0 && keys.every((k) => /^(\d{3}|\dxx|default)$/i.test(k));
  if (!byStatus) return status >= 200 && status < 300 ? (schemas as JSONSchema) : undefined;
  const map = schemas as Record<string, JSONSchema>;
  return map[String(status)] ?? map[`${String(status)[0]}xx`] ?? map[`${String(status)[0]}XX`] ?? map.default;
}

/**
 * An after-handle hook that validates a JSON response body against `schema` (one schema for 2xx, or a status-keyed map:
 * exact code, then `Nxx`, then `default`). Non-JSON responses pass untouched. A mismatch becomes a 500 naming the errors
 * (mode `reject`) or is only reported (mode `report`).
 */
export function createResponseValidator(
  schema: JSONSchema | Record<string, JSONSchema>,
  options: ResponseValidatorOptions = {},
): AfterHook {
  if (typeof schema !== 'object' || schema === null)
    throw new TypeError('createResponseValidator: the schema must be a JSON Schema object or a status-keyed map of them');
  const validators = new Map<JSONSchema, ReturnType<typeof createValidator>>();
  return async (ctx: Context, response: Response) => {
    const selected = schemaFor(schema, response.status);
    if (!selected || !(response.headers.get('content-type') ?? '').includes('json')) return response;
    let body: unknown;
    try {
      body = await response.clone().json();
    } catch {
      body = Symbol.for('fw.invalid-json');
    }
    let validator = validators.get(selected);
    if (!validator) validators.set(selected, (validator = createValidator(selected)));
    const result = typeof body === 'symbol' ? { valid: false, errors: [{ message: 'the body is not valid JSON' }] } : validator(body);
    if (result.valid) return response;
    const report = { method: ctx.method, path: ctx.path, status: response.status, errors: result.errors as unknown[] };
    options.onInvalid?.(report);
    if (options.mode === 'report') return response;
    return new Response(JSON.stringify({ error: 'Response does not match its schema', ...report }), {
      status: 500,
      headers: { 'content-type': 'application/json' },
    });
  };
}
