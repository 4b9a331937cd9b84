import { docsScript } from './docs-script';
import { docsStyle } from './docs-style';
import { escapeHTML, scriptJSON } from './embed';
import type { OpenAPI31Document } from './types';

/** Options of `generatePortalHTML`. */
export interface PortalOptions {
  /** Page title (default: the document's `info.title`). */
  title?: string;
  /** Where "Try it" sends requests (default: the first `servers` entry, else the page's own origin). */
  baseUrl?: string;
}

/**
 * One self-contained HTML file (document, script and styles inline; nothing fetched but the API calls) with the
 * same operation list and "Try it" forms as the `/docs` page: for hosting the docs apart from the app or offline.
 * Under a Content-Security-Policy without `'unsafe-inline'` serve the `/docs` page instead.
 */
export function generatePortalHTML(doc: OpenAPI31Document, options: PortalOptions = {}): string {
  const title = options.title ?? doc.info.title;
  const baseUrl = options.baseUrl ?? doc.servers?.[0]?.url ?? '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHTML(title)}</title>
<link rel="icon" href="data:,">
<style>${docsStyle}</style>
</head>
<body>
<main id="fw-docs" data-ready="false">Loading ...</main>
<script id="fw-docs-config" type="application/json">${scriptJSON({ spec: doc, baseUrl })}</script>
<script>${docsScript.replace(/<\/script/gi, '<\\/script')}</script>
</body>
</html>
`;
}
