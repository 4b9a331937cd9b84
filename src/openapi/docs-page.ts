import { escapeHTML, scriptJSON } from './embed';

/** What the docs page needs: where its assets are, where the document is, and its title. */
export interface DocsPageOptions {
  /** URL of the page's own assets folder (`<uiPath>`): the page loads `<assetsBase>/docs.js` and `/docs.css`. */
  assetsBase: string;
  specUrl: string;
  title: string;
}

/** The HTML of the interactive docs page: a shell that loads the app-served script and stylesheet. */
export function docsPageHTML(options: DocsPageOptions): string {
  const base = options.assetsBase.replace(/\/$/, '');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHTML(options.title)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${escapeHTML(`${base}/docs.css`)}">
</head>
<body>
<main id="fw-docs" data-ready="false">Loading ${escapeHTML(options.specUrl)} ...</main>
<script id="fw-docs-config" type="application/json">${scriptJSON({ specUrl: options.specUrl })}</script>
<script src="${escapeHTML(`${base}/docs.js`)}" defer></script>
</body>
</html>
`;
}
