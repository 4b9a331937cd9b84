import type { JSONSchema } from '../core/types';
import { isStandardSchema } from './standard-schema';

/**
 * The JSON Schema of one route schema part, for documents (OpenAPI, MCP tool inputs). A JSON schema is returned as it
 * is. A Standard Schema goes through its Standard JSON Schema converter (`~standard.jsonSchema`, draft 2020-12:
 * `input` for request parts, `output` for responses), `$schema` left out as the part sits inside a larger document;
 * when it has no converter, or the converter throws (zod: a transform, a date), the part is documented as any value,
 * with a description saying why. fw imports no schema library: only what the value itself offers is used.
 */
export function jsonSchemaOf(part: unknown, io: 'input' | 'output'): JSONSchema {
  if (!isStandardSchema(part)) return part as JSONSchema;
  const { vendor, jsonSchema } = part['~standard'];
  if (typeof jsonSchema?.[io] !== 'function')
    return {
      description: `Checked by a ${vendor} Standard Schema that offers no JSON Schema conversion (~standard.jsonSchema), so any value is documented`,
    };
  try {
    const { $schema: _dialect, ...schema } = jsonSchema[io]({ target: 'draft-2020-12' });
    return schema;
  } catch (error) {
    return { description: `Checked by a ${vendor} Standard Schema whose JSON Schema conversion failed: ${(error as Error).message}` };
  }
}
