import type { CoreFw } from 'fw';
import { appConfigInfo, middlewareInfo } from 'fw/core';
import { getColdStartStats } from 'fw/serverless';
import { circuitBreakersOf, visibleRoutes } from '../bridge/runtime-tools';
import { compileOrigins } from './origins';
import type { HttpStepResponse, StepTools, Workflow } from '../workflow-definition';

interface ChainedRequest {
  method?: string;
  path: string;
  body?: unknown;
}

/** Replaces `{{prev.a.b}}` in a path with the (URL-encoded) field of the previous JSON response. */
export function fillTemplate(text: string, prev: unknown): string {
  return text.replace(/\{\{\s*prev\.([\w.]+)\s*\}\}/g, (_m, path: string) => {
    let value: unknown = prev;
    for (const key of path.split('.'))
      value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
    if (value === undefined) throw new Error(`{{prev.${path}}} is not in the previous response`);
    return encodeURIComponent(String(value));
  });
}

async function chainRequests(requests: ChainedRequest[], tools: StepTools): Promise<{ responses: HttpStepResponse[] }> {
  const responses: HttpStepResponse[] = [];
  let prev: unknown;
  for (const [i, request] of requests.entries()) {
    const response = await tools.request({ url: fillTemplate(request.path, prev), method: request.method, body: request.body });
    responses.push(response);
    if (!response.ok)
      throw new Error(`request ${i + 1} (${(request.method ?? 'GET').toUpperCase()} ${request.path}) answered ${response.status}`);
    prev = response.body;
  }
  return { responses };
}

/** Options of the built-in workflows. */
export interface BuiltinWorkflowOptions {
  /** Origins `fw/http-request` and `fw/chain-requests` may call besides the app itself (default none). */
  allowedOrigins?: string[];
}

function reach(allowedOrigins: string[]): string {
  const others = allowedOrigins.length > 0 ? `, or a URL on ${allowedOrigins.join(', ')}` : '; no other origin is allowed';
  return `a path on this app (/users/1) or a URL on the app's own host${others}`;
}

/**
 * The three built-in workflows: one request, a chain of requests, and a snapshot of the bound app. Requests go
 * to the app itself unless `allowedOrigins` names others; a malformed entry throws here, at setup.
 */
export function createBuiltinWorkflows(app?: CoreFw | null, options: BuiltinWorkflowOptions = {}): Workflow[] {
  const allowedOrigins = [...(options.allowedOrigins ?? [])];
  compileOrigins(allowedOrigins);
  return [
    {
      name: 'fw/http-request',
      description: `Sends one HTTP request (${reach(allowedOrigins)}) and returns status, headers and body.`,
      allowedOrigins,
      input: {
        path: { type: 'string', minLength: 1, description: `Where to send it: ${reach(allowedOrigins)}` },
        method: { type: 'string', default: 'GET' },
        headers: { type: 'object', additionalProperties: { type: 'string' }, optional: true },
        body: { description: 'JSON body for POST, PUT, PATCH', optional: true },
      },
      steps: [
        {
          type: 'http',
          name: 'request',
          url: (input) => String(input.path),
          method: (input) => String(input.method),
          headers: (input) => (input.headers as Record<string, string> | undefined) ?? {},
          body: (input: Record<string, unknown>) => input.body,
        },
        { type: 'result' },
      ],
    },
    {
      name: 'fw/chain-requests',
      description: `Sends requests in order (each to ${reach(allowedOrigins)}); a path may use {{prev.field}} from the previous JSON response; stops at the first failing status.`,
      allowedOrigins,
      input: {
        requests: {
          type: 'array',
          minItems: 1,
          maxItems: 20,
          items: {
            type: 'object',
            properties: { method: { type: 'string' }, path: { type: 'string', minLength: 1 }, body: {} },
            required: ['path'],
          },
        },
      },
      steps: [
        { type: 'code', name: 'requests', run: (input, _prev, tools) => chainRequests(input.requests as ChainedRequest[], tools) },
        { type: 'result' },
      ],
    },
    {
      name: 'fw/app-snapshot',
      description:
        'Collects a snapshot of the running app: routes (hidden ones left out), plugins, middleware, state keys, circuit breakers and cold-start statistics.',
      input: {},
      steps: [
        {
          type: 'code',
          name: 'collect',
          run: () => {
            if (!app) throw new Error('no app is bound to the MCP server');
            return {
              routes: visibleRoutes(app).map((r) => ({ method: r.method, path: r.path, hasValidation: r.hasValidation })),
              plugins: app.getPlugins(),
              middleware: middlewareInfo(app),
              config: appConfigInfo(app),
              stateKeys: Object.keys(app.stateObject()),
              circuitBreakers: (circuitBreakersOf(app, {})?.list() ?? []).map((b) => b.metrics()),
              coldStart: getColdStartStats(),
            };
          },
        },
        { type: 'result' },
      ],
    },
  ];
}
