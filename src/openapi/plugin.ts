import type { Context } from '../core/context';
import type { Fw } from '../core/fw';
import type { DeclaresRoutes, PluginRoute } from '../core/plugin-routes';
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

/** A path option as the plugin serves it: one trailing slash left off (`/spec.json/` is `/spec.json`). */
type ServedPath<P extends string> = P extends `${infer Head}/` ? (Head extends '' ? P : Head) : P;

/** The path an option gives (`Default` when it is not given), never one at a `string` path. */
type PathOption<O, K extends string, Default extends string> = O extends { readonly [k in K]: infer P extends string }
  ? ServedPath<P>
  : Default;

/**
 * The routes `openapi(options)` adds to the app's type (for `fw/client`): the document and the page (none when
 * `uiPath` is false). They stay out of the document they serve (hidden), as its assets do, but a client may call them.
 */
export type OpenAPIRoutes<O> =
  | PluginRoute<'GET', PathOption<O, 'path', '/openapi'>, { 200: OpenAPI31Document }>
  | (O extends { readonly uiPath: false } ? never : PluginRoute<'GET', PathOption<O, 'uiPath', '/docs'>, { 200: string }>);

/**
 * Serves the app's OpenAPI 3.1 document at `path` (default `/openapi`) and an interactive page at `uiPath`
 * (default `/docs`) whose script and stylesheet the app serves itself, so it works offline; all are hidden from the
 * document, and the document and page are in the app's type (OpenAPIRoutes). Sets app state
 * `fw:openapi` to a function returning the document (the MCP tool `fw/openapi/get` reads it).
 */
export function openapi<const O extends OpenAPIOptions = OpenAPIOptions>(
  options: O = {} as O,
): FwPluginConfig & DeclaresRoutes<OpenAPIRoutes<O>> {
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
