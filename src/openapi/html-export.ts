import { docsStyle } from './docs-style';
import { escapeHTML } from './embed';
import { operationsByTag } from './operations';
import type { OpenAPI31Document, OpenAPI31Operation } from './types';

function operationHTML(method: string, path: string, op: OpenAPI31Operation): string {
  const parts = [
    `<section class="fw-op fw-${method.toLowerCase()}${op.deprecated ? ' fw-deprecated' : ''}" id="op-${escapeHTML(op.operationId)}">`,
    `<h3 class="fw-op-head"><span class="fw-method">${method}</span> <code class="fw-path">${escapeHTML(path)}</code>${op.summary ? ` <span class="fw-summary">${escapeHTML(op.summary)}</span>` : ''}${op.deprecated ? ' <span class="fw-badge">deprecated</span>' : ''}</h3>`,
  ];
  if (op.description) parts.push(`<p class="fw-description">${escapeHTML(op.description)}</p>`);
  if (op.parameters && op.parameters.length > 0) {
    parts.push('<table class="fw-params"><tr><th>Parameter</th><th>In</th><th>Required</th><th>Schema</th></tr>');
    for (const p of op.parameters)
      parts.push(
        `<tr><td><code>${escapeHTML(p.name)}</code></td><td>${p.in}</td><td>${p.required ? 'yes' : 'no'}</td><td><code>${escapeHTML(JSON.stringify(p.schema))}</code></td></tr>`,
      );
    parts.push('</table>');
  }
  if (op.requestBody) {
    for (const [type, media] of Object.entries(op.requestBody.content)) {
      parts.push(
        `<p>Request body (<code>${escapeHTML(type)}</code>):</p><pre class="fw-schema">${escapeHTML(JSON.stringify(media.schema, null, 2))}</pre>`,
      );
    }
  }
  parts.push('<ul class="fw-responses">');
  for (const [code, response] of Object.entries(op.responses))
    parts.push(`<li>${escapeHTML(code)}: ${escapeHTML(response.description)}</li>`);
  parts.push('</ul></section>');
  return parts.join('\n');
}

/** Renders a document as one static HTML page (no script): operations by tag with parameters, bodies and responses. */
export function exportToHTML(doc: OpenAPI31Document): string {
  const body: string[] = [
    `<header class="fw-header"><h1>${escapeHTML(doc.info.title)}</h1> <span class="fw-version">v${escapeHTML(doc.info.version)}</span>`,
    doc.info.description ? `<p>${escapeHTML(doc.info.description)}</p>` : '',
    doc.servers && doc.servers.length > 0
      ? `<p>Servers: ${doc.servers.map((s) => `<code>${escapeHTML(s.url)}</code>`).join(', ')}</p>`
      : '',
    '</header>',
  ];
  for (const [tag, ops] of operationsByTag(doc)) {
    body.push(`<section class="fw-tag" data-tag="${escapeHTML(tag)}"><h2>${escapeHTML(tag)}</h2>`);
    for (const { method, path, operation } of ops) body.push(operationHTML(method, path, operation));
    body.push('</section>');
  }
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHTML(doc.info.title)}</title>
<style>${docsStyle}</style>
</head>
<body>
<main id="fw-docs">
${body.filter(Boolean).join('\n')}
</main>
</body>
</html>
`;
}
