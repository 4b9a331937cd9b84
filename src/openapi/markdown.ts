import { operationsByTag } from './operations';
import type { OpenAPI31Document, OpenAPI31Operation } from './types';

/** Escapes text for a Markdown table cell (pipes, line breaks). */
function cell(text: unknown): string {
  return String(text ?? '')
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/\r?\n/g, '<br>');
}

function schemaSummary(schema: Record<string, unknown> | undefined): string {
  if (!schema) return '';
  const type = Array.isArray(schema.type) ? schema.type.join(' \\| ') : String(schema.type ?? (schema.properties ? 'object' : 'any'));
  const format = schema.format ? ` (${schema.format})` : '';
  return `\`${type}\`${format}`;
}

function fence(value: unknown): string {
  const json = JSON.stringify(value, null, 2);
  const ticks = '`'.repeat(Math.max(3, ...[...json.matchAll(/`+/g)].map((m) => m[0].length + 1)));
  return `${ticks}json\n${json}\n${ticks}`;
}

function operationSection(method: string, path: string, op: OpenAPI31Operation): string[] {
  const out = [`### ${method} \`${path}\``, ''];
  if (op.deprecated) out.push('> **Deprecated.**', '');
  if (op.summary) out.push(op.summary, '');
  if (op.description) out.push(op.description, '');
  out.push(`Operation id: \`${op.operationId}\``, '');
  if (op.parameters && op.parameters.length > 0) {
    out.push('| Parameter | In | Type | Required | Description |', '|---|---|---|---|---|');
    for (const p of op.parameters)
      out.push(`| \`${cell(p.name)}\` | ${p.in} | ${schemaSummary(p.schema)} | ${p.required ? 'yes' : 'no'} | ${cell(p.description)} |`);
    out.push('');
  }
  if (op.requestBody) {
    for (const [type, media] of Object.entries(op.requestBody.content))
      out.push(`Request body (\`${type}\`${op.requestBody.required ? ', required' : ''}):`, '', fence(media.schema), '');
  }
  out.push('| Status | Description |', '|---|---|');
  for (const [code, response] of Object.entries(op.responses)) out.push(`| ${code} | ${cell(response.description)} |`);
  out.push('');
  return out;
}

/** Renders a document as Markdown: info, servers, then each operation by tag with parameters, body and responses. */
export function exportToMarkdown(doc: OpenAPI31Document): string {
  const out = [`# ${doc.info.title}`, '', `Version ${doc.info.version}`, ''];
  if (doc.info.description) out.push(doc.info.description, '');
  if (doc.servers && doc.servers.length > 0) out.push('Servers:', '', ...doc.servers.map((s) => `- ${s.url}`), '');
  const schemes = doc.components?.securitySchemes;
  if (schemes)
    out.push(
      'Security schemes:',
      '',
      ...Object.entries(schemes).map(([name, s]) => `- \`${name}\`: ${[s.type, s.scheme].filter(Boolean).join(' ')}`),
      '',
    );
  for (const [tag, ops] of operationsByTag(doc)) {
    out.push(`## ${tag}`, '');
    for (const { method, path, operation } of ops) out.push(...operationSection(method, path, operation));
  }
  return `${out.join('\n').trimEnd()}\n`;
}
