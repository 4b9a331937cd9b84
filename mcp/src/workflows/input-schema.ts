import type { JSONSchema } from 'fw';
import type { Workflow } from '../workflow-definition';

/** The JSON schema of a workflow's input, as its tool's `inputSchema`. */
export function workflowInputSchema(workflow: Workflow): JSONSchema {
  const properties: Record<string, JSONSchema> = {};
  const required: string[] = [];
  for (const [name, schema] of Object.entries(workflow.input ?? {})) {
    const { optional, ...rest } = schema;
    properties[name] = rest;
    if (!optional && !('default' in rest)) required.push(name);
  }
  return required.length > 0 ? { type: 'object', properties, required } : { type: 'object', properties };
}
