import { domScript } from './docs-script-dom';
import { exampleScript } from './docs-script-example';
import { operationScript } from './docs-script-operation';
import { pageScript } from './docs-script-page';
import { schemaTableScript } from './docs-script-schema-table';
import { schemaWordsScript } from './docs-script-schema-words';
import { tryScript } from './docs-script-try';

/**
 * The browser script of the docs page and the portal (plain ES2017, no dependencies, served by the app itself): the
 * parts in `docs-script-*.ts` joined in one function scope. It reads `#fw-docs-config` ({ specUrl } or { spec }, plus
 * an optional baseUrl) and renders the document into `#fw-docs`.
 */
export const docsScript = `(function () {
  'use strict';
  var config = JSON.parse(document.getElementById('fw-docs-config').textContent || '{}');
  var root = document.getElementById('fw-docs');
${[domScript, schemaWordsScript, exampleScript, schemaTableScript, operationScript, tryScript, pageScript].join('')}})();
`;
