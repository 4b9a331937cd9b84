import type { Context } from '../core/context';
import type { Fw } from '../core/fw';
import type { FwPluginConfig } from '../core/types';
import { docsPageHTML } from './docs-page';
import { docsScript } from './docs-script';
import { docsStyle } from './docs-style';
import { generateSpec, specToJSON } from './spec';
import type { OpenAPI31Document, OpenAPIOptions } from './types';

function checkPath(name: string, value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/'))
    throw new TypeError(`openapi(): "${name}" must be a path starting with "/" (got ${JSON.stringify(value)})`);
  return value.length > 1 ? value.replace(/\/+$/, '') : value;
}

function asset(body: string, type: string): Response {
  return new Response(body, { headers: { 'content-type': type, 'cache-control': 'public, max-age=300' } });
}

/**
 * Serves the app's OpenAPI 3.1 document at `path` (default `/openapi`) and an interactive page at `uiPath`
 * (default `/docs`) whose script and stylesheet the app serves itself, so it works offline. Sets app state
 * `fw:openapi` to a function returning the document (the MCP tool `fw/openapi/get` reads it).
 */
export function openapi(options: OpenAPIOptions = {}): FwPluginConfig {
  const specPath = checkPath('path', options.path ?? '/openapi');
  const uiPath = options.uiPath === false ? false : checkPath('uiPath', options.uiPath ?? '/docs');
  if (uiPath === specPath) throw new Error(`openapi(): "path" and "uiPath" are both ${specPath}; give them different paths`);
  return {
    name: 'openapi',
    setup(app: Fw) {
      let cached: { generation: number; doc: OpenAPI31Document; json: string } | null = null;
      const current = () => {
        if (cached === null || cached.generation !== app.generation) {
          const doc = generateSpec(app, options);
          cached = { generation: app.generation, doc, json: specToJSON(doc) };
        }
        return cached;
      };
      app.setState('fw:openapi', () => current().doc);
      app.get(specPath, () => new Response(current().json, { headers: { 'content-type': 'application/json; charset=utf-8' } }), {
        hidden: true,
      });
      if (uiPath === false) return;
      const base = uiPath === '/' ? '' : uiPath;
      const page = docsPageHTML({ assetsBase: base, specUrl: specPath, title: options.title ?? 'API documentation' });
      app.get(uiPath, (ctx: Context) => ctx.html(page), { hidden: true });
      app.get(`${base}/docs.js`, () => asset(docsScript, 'text/javascript; charset=utf-8'), { hidden: true });
      app.get(`${base}/docs.css`, () => asset(docsStyle, 'text/css; charset=utf-8'), { hidden: true });
    },
  };
}
