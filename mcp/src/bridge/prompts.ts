import type { CoreFw, RouteInfo } from 'fw';
import { analyzeRoutes, suggestRoutes } from './route-analysis';
import { routeInputSchema } from './route-tool-schema';
import { visibleRoutes } from './runtime-tools';
import { middlewareInfo } from 'fw/core';

/** One argument of a prompt. */
export interface PromptArgument {
  name: string;
  description: string;
  required?: boolean;
}

/** A prompt message as MCP `prompts/get` returns it. */
export interface PromptMessage {
  role: 'user' | 'assistant';
  content: { type: 'text'; text: string };
}

/** A built-in prompt: arguments, a renderer filled with live app data, and argument completion. */
export interface BridgePrompt {
  name: string;
  description: string;
  arguments: PromptArgument[];
  render(args: Record<string, string>): { description: string; messages: PromptMessage[] };
  complete?(argument: string, value: string, context: Record<string, string>): string[];
}

const user = (text: string): PromptMessage => ({ role: 'user', content: { type: 'text', text } });
const json = (value: unknown): string => JSON.stringify(value, null, 2);

function routeSummary(routes: RouteInfo[]): string {
  return (
    routes
      .map((r) => `- ${r.method} ${r.path}${r.hasValidation ? ' (validated)' : ''}${r.options?.summary ? ` — ${r.options.summary}` : ''}`)
      .join('\n') || '(no routes)'
  );
}

function appContext(app: CoreFw): string {
  return [
    `Routes:\n${routeSummary(visibleRoutes(app))}`,
    `Plugins: ${app.getPlugins().join(', ') || '(none)'}`,
    `Middleware: ${json(middlewareInfo(app))}`,
  ].join('\n\n');
}

function completePath(app: CoreFw, value: string): string[] {
  return [...new Set(visibleRoutes(app).map((r) => r.path))].filter((p) => p.startsWith(value)).sort();
}

function completeMethod(app: CoreFw, value: string, context: Record<string, string>): string[] {
  const routes = visibleRoutes(app).filter((r) => !context.path || r.path === context.path);
  return [...new Set(routes.map((r) => r.method))].filter((m) => m.startsWith(value.toUpperCase())).sort();
}

function routeCompletion(app: CoreFw): BridgePrompt['complete'] {
  return (argument, value, context) => {
    if (argument === 'path') return completePath(app, value);
    if (argument === 'method') return completeMethod(app, value, context);
    return [];
  };
}

function required(args: Record<string, string>, names: string[]): void {
  const missing = names.filter((n) => !args[n]);
  if (missing.length > 0) throw new Error(`missing required argument${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`);
}

/** The six built-in prompts of spec 4.1, each filled with the live app's routes, plugins and middleware. */
export function builtinPrompts(app: CoreFw): BridgePrompt[] {
  return [
    {
      name: 'fw/analyze-route',
      description: 'Analyze one route of the running app: validation, hooks, edge cases and improvements.',
      arguments: [
        { name: 'path', description: 'Route pattern, e.g. /users/:id', required: true },
        { name: 'method', description: 'HTTP method (default GET)' },
      ],
      render(args) {
        required(args, ['path']);
        const method = (args.method ?? 'GET').toUpperCase();
        const route = visibleRoutes(app).find((r) => r.path === args.path && (r.method === method || r.method === 'ALL'));
        if (!route) throw new Error(`no route ${method} ${args.path}; complete the path argument to see the routes`);
        return {
          description: `Analysis of ${method} ${args.path}`,
          messages: [
            user(
              `Analyze this route of an fw app and suggest concrete improvements (validation, error handling, status codes, security, performance).\n\n` +
                `Route: ${method} ${route.path}\nOptions: ${json({ ...route.options, schema: route.options?.schema ?? null })}\n` +
                `Derived tool input schema: ${json(routeInputSchema(route))}\nHas route hooks or middleware: ${route.hasMiddleware}\n\n${appContext(app)}`,
            ),
          ],
        };
      },
      complete: routeCompletion(app),
    },
    {
      name: 'fw/generate-crud',
      description: 'Generate fw CRUD routes with JSON-schema validation for a resource, in the style of the running app.',
      arguments: [
        { name: 'resource', description: 'Resource name, e.g. posts', required: true },
        { name: 'fields', description: 'Comma-separated name:type pairs, e.g. title:string,views:integer', required: true },
      ],
      render(args) {
        required(args, ['resource', 'fields']);
        const fields = args.fields
          .split(',')
          .map((f) => f.trim())
          .filter(Boolean)
          .map((f) => {
            const [name, type = 'string'] = f.split(':').map((s) => s.trim());
            return { name, type };
          });
        return {
          description: `CRUD routes for ${args.resource}`,
          messages: [
            user(
              `Write fw routes (TypeScript, \`import { CoreFw } from 'fw'\`) for a "${args.resource}" resource: GET /${args.resource}, GET /${args.resource}/:id, POST /${args.resource}, PATCH /${args.resource}/:id, DELETE /${args.resource}/:id. ` +
                `Validate bodies and params with route \`schema\` options and throw NotFoundError for missing items.\n\nFields: ${json(fields)}\n\nExisting app, to stay consistent with:\n${appContext(app)}`,
            ),
          ],
        };
      },
    },
    {
      name: 'fw/debug-request',
      description: 'Debug a failing request against the running app: the matching route, its hooks and the error.',
      arguments: [
        { name: 'method', description: 'HTTP method', required: true },
        { name: 'path', description: 'The concrete request path', required: true },
        { name: 'status', description: 'Status code received' },
        { name: 'error', description: 'Error message or body received' },
      ],
      render(args) {
        required(args, ['method', 'path']);
        const candidates = visibleRoutes(app).filter((r) => {
          const pattern = new RegExp(
            `^${r.path
              .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
              .replace(/:[^/]+/g, '[^/]+')
              .replace(/\*$/, '.*')}$`,
          );
          return pattern.test(args.path.split('?')[0]);
        });
        return {
          description: `Debugging ${args.method.toUpperCase()} ${args.path}`,
          messages: [
            user(
              `A request to an fw app failed. Find the likely cause and the fix.\n\nRequest: ${args.method.toUpperCase()} ${args.path}\nStatus: ${args.status ?? 'unknown'}\nError: ${args.error ?? 'none given'}\n\n` +
                `Routes whose pattern matches the path: ${json(candidates.map((r) => ({ method: r.method, path: r.path, options: r.options ?? {} })))}\n\n${appContext(app)}`,
            ),
          ],
        };
      },
      complete: routeCompletion(app),
    },
    {
      name: 'fw/security-audit',
      description: 'Audit the running app for security gaps: unvalidated input, mutating routes, missing protective plugins.',
      arguments: [],
      render() {
        const analysis = analyzeRoutes(visibleRoutes(app));
        return {
          description: 'Security audit of the app',
          messages: [
            user(
              `Audit this fw app for security problems (input validation, authentication on mutating routes, rate limiting, security headers, CORS, error leaks). Rank findings by severity.\n\n` +
                `Mutating routes without validation: ${json(analysis.withoutValidation)}\n\n${appContext(app)}`,
            ),
          ],
        };
      },
    },
    {
      name: 'fw/architecture-review',
      description: 'Review the architecture of the running app: resources, plugin dependencies and middleware layout.',
      arguments: [],
      render() {
        const prefixes: Record<string, number> = {};
        for (const r of visibleRoutes(app)) {
          const first = `/${r.path.split('/')[1] ?? ''}`;
          prefixes[first] = (prefixes[first] ?? 0) + 1;
        }
        const graph = app.getPluginConfigs().map((p) => ({ plugin: p.name, dependsOn: p.dependencies ?? [] }));
        return {
          description: 'Architecture review of the app',
          messages: [
            user(
              `Review the architecture of this fw app: resource boundaries, plugin dependencies, middleware placement, what to split or merge.\n\nRoutes per top-level prefix: ${json(prefixes)}\nPlugin graph: ${json(graph)}\n\n${appContext(app)}`,
            ),
          ],
        };
      },
    },
    {
      name: 'fw/optimize-routes',
      description: 'Suggest route-table optimizations: static vs dynamic paths, REST shape, validation gaps.',
      arguments: [],
      render() {
        return {
          description: 'Route optimization suggestions',
          messages: [
            user(
              `Suggest optimizations for this fw route table (REST shape, static paths where parameters are unneeded, consistent naming, validation).\n\nAnalysis: ${json(analyzeRoutes(visibleRoutes(app)))}\nREST suggestions: ${json(suggestRoutes(visibleRoutes(app)))}\n\n${appContext(app)}`,
            ),
          ],
        };
      },
    },
  ];
}
