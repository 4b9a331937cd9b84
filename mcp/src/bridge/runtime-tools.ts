import { middlewareInfo, routeInfos } from 'fw/core';
import { CIRCUIT_BREAKERS_STATE_KEY, existingCircuitBreakerRegistry, type CoreFw, type RouteInfo } from 'fw';
import { METRICS_SUMMARY_STATE_KEY, type MetricsSummaryReader } from 'fw/metrics';
import { getColdStartStats } from 'fw/serverless';
import type { RuntimeBridgeOptions } from '../types';
import type { BridgeTool } from './bridge-tool';
import { toJSONSafe } from './bridge-tool';
import { jsonResult, toolError, unavailable } from './json-result';
import { analyzeRoutes, suggestRoutes } from './route-analysis';
import { callRoute } from './route-tool-call';
import { inProcessCaller } from './in-process-call';
import { routeToolName } from './route-tool-name';
import { acceptedSchema } from './route-tool-coerce';
import { routeInputSchema } from './route-tool-schema';

const noInput = { type: 'object', properties: {} };
const readOnly = { readOnlyHint: true, openWorldHint: false };
const mutation = { readOnlyHint: false, destructiveHint: false, openWorldHint: false };

function tool(
  name: string,
  description: string,
  inputSchema: Record<string, unknown>,
  handler: BridgeTool['handler'],
  mutating = false,
): BridgeTool {
  return { name, description, inputSchema, annotations: { title: name, ...(mutating ? mutation : readOnly) }, mutating, handler };
}

/** The tool, listed only while `available()` says its subsystem is there. */
function when(available: () => boolean, ...tools: BridgeTool[]): BridgeTool[] {
  return tools.map((t) => ({ ...t, available }));
}

/**
 * The app's metrics merged across instances, summed up, read through the reader `metrics()` keeps in the app's state
 * (so apps without it do not bundle fw/metrics); undefined without `metrics()`, a store that cannot be read reported.
 */
async function mergedMetrics(app: CoreFw): Promise<{ metrics: unknown } | { metrics: null; metricsError: string } | undefined> {
  const read = app.state<MetricsSummaryReader>(METRICS_SUMMARY_STATE_KEY);
  if (read === undefined) return undefined;
  try {
    return { metrics: await read(app) };
  } catch (error) {
    return { metrics: null, metricsError: `Reading the metrics failed: ${(error as Error)?.message ?? String(error)}` };
  }
}

function subsystem<K extends keyof RuntimeBridgeOptions>(
  app: CoreFw,
  options: RuntimeBridgeOptions,
  key: K,
  stateKey: string,
): RuntimeBridgeOptions[K] | undefined {
  return options[key] ?? (app.state(`fw:${stateKey}`) as RuntimeBridgeOptions[K] | undefined);
}

/**
 * The circuit breakers the tools show: `runtime.circuitBreakers`, else the registry `circuitBreakerPlugin()` keeps in
 * app state, else the process-wide one if breaker code made it (read without bundling the breaker into the worker).
 */
export function circuitBreakersOf(app: CoreFw, options: RuntimeBridgeOptions): RuntimeBridgeOptions['circuitBreakers'] {
  return (
    options.circuitBreakers ??
    app.state<RuntimeBridgeOptions['circuitBreakers']>(CIRCUIT_BREAKERS_STATE_KEY) ??
    existingCircuitBreakerRegistry()
  );
}

/** The routes an AI client is shown: all but `hidden` ones (the MCP endpoints among them). */
export function visibleRoutes(app: CoreFw): RouteInfo[] {
  return routeInfos(app).filter((r) => !r.options?.hidden);
}

function findRoute(app: CoreFw, method: unknown, path: unknown): RouteInfo | undefined {
  const m = String(method ?? 'GET').toUpperCase();
  return visibleRoutes(app).find((r) => r.path === path && (r.method === m || r.method === 'ALL'));
}

/** App state as tools show it: the values of `fw:` keys (fw's subsystems: a rate limiter's client keys, rooms) left out. */
function shownState(key: string, value: unknown): unknown {
  return key.startsWith('fw:') ? '[fw subsystem: read it with its own tool]' : toJSONSafe(value);
}

/** The name of a route's MCP tool as clients call it, or null when the route is no tool. */
export type RouteToolNameOf = (route: RouteInfo) => string | null;

/** A route's tool name when nothing tells the listed one: the name `routeTools` starts from. */
const plainRouteToolName: RouteToolNameOf = (route) => routeToolName(route.method === 'ALL' ? 'all' : route.method, route.path);

function routeTools(app: CoreFw, allowMutation: boolean, toolNameOf: RouteToolNameOf): BridgeTool[] {
  const list = (): Array<Omit<RouteInfo, 'options'> & { tags?: string[]; summary?: string; deprecated?: boolean }> =>
    visibleRoutes(app).map(({ options, ...r }) => ({
      ...r,
      tags: options?.tags,
      summary: options?.summary,
      deprecated: options?.deprecated,
    }));
  const methodPath = {
    type: 'object',
    properties: {
      method: { type: 'string', description: 'HTTP method (default GET)' },
      path: { type: 'string', description: 'Route pattern, e.g. /users/:id' },
    },
    required: ['path'],
  };
  return [
    tool(
      'fw/routes/list',
      'Lists the registered routes (hidden ones left out): method, path, validation, middleware, tags.',
      noInput,
      async () => jsonResult({ routes: list() }),
    ),
    tool(
      'fw/routes/analyze',
      'Analyzes the route table: counts, routes without validation, ambiguous parameters, naming problems.',
      noInput,
      async () => jsonResult(analyzeRoutes(visibleRoutes(app))),
    ),
    tool('fw/routes/suggest', 'Suggests REST completions and renames for the route table.', noInput, async () =>
      jsonResult({ suggestions: suggestRoutes(visibleRoutes(app)) }),
    ),
    tool('fw/routes/describe', 'Describes one route: options, input schema and the name of its MCP tool.', methodPath, async (args) => {
      const route = findRoute(app, args.method, args.path);
      if (!route) return toolError(`No route ${String(args.method ?? 'GET').toUpperCase()} ${String(args.path)}`);
      return jsonResult(
        toJSONSafe({
          ...route,
          toolName: toolNameOf(route),
          inputSchema: acceptedSchema(routeInputSchema(route)),
        }),
      );
    }),
    tool(
      'fw/routes/invoke',
      'Calls a route in process (hooks, middleware and validation apply) and returns its response. Non-GET methods need allowMutation.',
      {
        type: 'object',
        properties: {
          method: { type: 'string' },
          path: { type: 'string', description: 'A concrete path, e.g. /users/42' },
          query: { type: 'object', additionalProperties: { type: 'string' } },
          headers: { type: 'object', additionalProperties: { type: 'string' } },
          body: {},
        },
        required: ['path'],
      },
      async (args, ctx) => {
        const method = String(args.method ?? 'GET').toUpperCase();
        if (!allowMutation && method !== 'GET' && method !== 'HEAD')
          return toolError(`${method} needs allowMutation: only GET and HEAD are allowed`);
        const path = String(args.path);
        if (!path.startsWith('/')) return toolError('path must start with "/"');
        const route: RouteInfo = {
          method: method as RouteInfo['method'],
          path: path.replace(/:/g, '%3A'),
          hasValidation: false,
          hasMiddleware: false,
        };
        const query = (args.query ?? {}) as Record<string, unknown>;
        const headers = (args.headers ?? {}) as Record<string, string>;
        return callRoute(
          app,
          route,
          { ...query, body: args.body },
          { headers, caller: ctx?.caller ?? inProcessCaller({ signal: ctx?.signal }) },
        );
      },
    ),
  ];
}

function appTools(app: CoreFw, options: RuntimeBridgeOptions): BridgeTool[] {
  const openapi = () => subsystem(app, options, 'openapi', 'openapi');
  return [
    ...when(
      () => typeof openapi() === 'function',
      tool('fw/openapi/get', 'Returns the OpenAPI 3.1 document of the app.', noInput, async () => {
        const generate = openapi();
        return typeof generate === 'function'
          ? jsonResult(toJSONSafe(await generate()))
          : unavailable('No OpenAPI generator: mount openapi() or pass runtime.openapi');
      }),
    ),
    tool('fw/plugins/list', 'Lists registered plugins with their dependencies.', noInput, async () =>
      jsonResult({
        plugins: app.getPluginConfigs().map((p) => ({
          name: p.name,
          dependencies: p.dependencies ?? [],
          decorates: Object.keys(p.decorate ?? {}),
          state: Object.keys(p.state ?? {}),
        })),
      }),
    ),
    tool('fw/plugins/graph', 'Returns the plugin dependency graph (nodes and edges, plus Mermaid text).', noInput, async () => {
      const plugins = app.getPluginConfigs();
      const edges = plugins.flatMap((p) => (p.dependencies ?? []).map((d) => ({ from: p.name, to: d })));
      const mermaid = [
        'graph TD',
        ...plugins.map((p) => `  ${JSON.stringify(p.name)}`),
        ...edges.map((e) => `  ${JSON.stringify(e.from)} --> ${JSON.stringify(e.to)}`),
      ].join('\n');
      return jsonResult({ nodes: plugins.map((p) => p.name), edges, mermaid });
    }),
    tool('fw/middleware/info', 'Counts global and path-based middleware.', noInput, async () => jsonResult(middlewareInfo(app))),
    tool(
      'fw/state/get',
      'Reads shared app state: one key, or every key when none is given.',
      { type: 'object', properties: { key: { type: 'string' } } },
      async (args) => {
        const all = app.stateObject();
        if (args.key === undefined)
          return jsonResult({ state: Object.fromEntries(Object.entries(all).map(([key, value]) => [key, shownState(key, value)])) });
        const key = String(args.key);
        return jsonResult({ key, exists: key in all, value: key in all ? shownState(key, all[key]) : null });
      },
    ),
    tool(
      'fw/state/set',
      'Writes one shared app state key (needs allowMutation).',
      { type: 'object', properties: { key: { type: 'string', minLength: 1 }, value: {} }, required: ['key', 'value'] },
      async (args) => {
        const key = String(args.key);
        if (key.startsWith('fw:')) return toolError(`"${key}" is reserved for fw subsystems`);
        const previous = toJSONSafe(app.state(key)) ?? null;
        app.setState(key, args.value);
        return jsonResult({ key, previous, value: toJSONSafe(args.value) });
      },
      true,
    ),
  ];
}

function subsystemTools(app: CoreFw, options: RuntimeBridgeOptions): BridgeTool[] {
  const breakers = () => circuitBreakersOf(app, options);
  const rooms = () => subsystem(app, options, 'rooms', 'rooms');
  const reloader = () => subsystem(app, options, 'hotReloader', 'hot-reload');
  const ssg = () => subsystem(app, options, 'ssg', 'ssg');
  const limiter = () => subsystem(app, options, 'rateLimiter', 'ratelimit');
  const nameArg = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] };
  const roomArg = { type: 'object', properties: { room: { type: 'string' } }, required: ['room'] };
  const tools = [
    tool('fw/circuit-breakers/list', 'Lists circuit breakers and their state (CLOSED, OPEN, HALF_OPEN).', noInput, async () =>
      jsonResult({
        breakers: (breakers()?.list() ?? []).map((b) => toJSONSafe(b.metrics())),
      }),
    ),
    tool('fw/circuit-breakers/metrics', 'Returns the metrics of every breaker, keyed by name.', noInput, async () =>
      jsonResult({ metrics: toJSONSafe(breakers()?.metrics() ?? {}) }),
    ),
    tool(
      'fw/circuit-breakers/reset',
      'Resets a breaker to CLOSED with zeroed counts (needs allowMutation).',
      nameArg,
      async (args) =>
        breakers()?.reset(String(args.name))
          ? jsonResult({ name: args.name, state: 'CLOSED' })
          : toolError(`No circuit breaker named "${String(args.name)}"`),
      true,
    ),
    tool('fw/ws/rooms', 'Lists WebSocket rooms and their member counts.', noInput, async () => {
      const r = rooms();
      return r ? jsonResult(toJSONSafe({ rooms: await r.rooms() })) : unavailable('No RoomManager: pass runtime.rooms');
    }),
    tool('fw/ws/presence', 'Lists who is in one WebSocket room.', roomArg, async (args) => {
      const r = rooms();
      return r
        ? jsonResult(toJSONSafe({ room: args.room, presence: await r.presence(String(args.room)) }))
        : unavailable('No RoomManager: pass runtime.rooms');
    }),
    tool('fw/ws/connections', 'Counts active WebSocket connections.', noInput, async () => {
      const r = rooms();
      return r ? jsonResult(toJSONSafe({ connections: await r.connections() })) : unavailable('No RoomManager: pass runtime.rooms');
    }),
    tool('fw/hot-reload/status', 'Hot reload status.', noInput, async () => {
      const h = reloader();
      return h ? jsonResult(toJSONSafe(await h.status())) : unavailable('Hot reload is not running (development only)');
    }),
    tool('fw/hot-reload/modules', 'Modules the hot reloader watches.', noInput, async () => {
      const h = reloader();
      return h ? jsonResult(toJSONSafe({ modules: await h.modules() })) : unavailable('Hot reload is not running (development only)');
    }),
    tool(
      'fw/hot-reload/trigger',
      'Triggers a reload (needs allowMutation).',
      noInput,
      async () => {
        const h = reloader();
        return h
          ? jsonResult(toJSONSafe({ triggered: true, result: (await h.trigger()) ?? null }))
          : unavailable('Hot reload is not running (development only)');
      },
      true,
    ),
    tool(
      'fw/serverless/status',
      'Cold-start statistics of this instance: target, cold starts, invocations, warm invocations, init and warm-up durations, uptime. initDurationMs (start to ready) and uptimeMs count from the process start on Node, Bun and Lambda (runtime boot and imports included) and from the first request on workers (their clock stands still while the module loads); firstInvocationMs is the first request alone, warmUpMs the warm-up alone. When the app records metrics (fw/metrics), `metrics` holds the same merged view the dashboard and /__fw/metrics show, across every instance sharing its store: cold starts per target with init and first-invocation p50/p95/p99, per route requests, rate, error rate and p50/p95/p99 latency, and the instances that reported.',
      noInput,
      async () => {
        const stats = (options.coldStart ?? getColdStartStats)();
        const merged = await mergedMetrics(app);
        if (stats.invocations === 0 && stats.target === 'unknown' && merged === undefined)
          return unavailable('No serverless target adapter has served a request in this instance');
        return jsonResult(toJSONSafe(merged === undefined ? stats : { ...stats, ...merged }));
      },
    ),
    tool('fw/ssg/paths', 'Paths of the statically generated site.', noInput, async () => {
      const s = ssg();
      if (!s) return unavailable('No static site generation configured: pass runtime.ssg');
      return jsonResult({ paths: typeof s.paths === 'function' ? await s.paths() : s.paths });
    }),
    tool(
      'fw/ssg/render',
      'Re-renders one static path (needs allowMutation).',
      { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
      async (args) => {
        const s = ssg();
        if (!s?.render) return unavailable('No static site renderer configured: pass runtime.ssg.render');
        return jsonResult(toJSONSafe({ path: args.path, result: (await s.render(String(args.path))) ?? null }));
      },
      true,
    ),
    tool('fw/ratelimit/metrics', 'Rate limiter metrics: current requests per second, limits, buckets.', noInput, async () => {
      const l = limiter();
      return l ? jsonResult(toJSONSafe(await l.metrics())) : unavailable('No rate limiter: mount rateLimit() or pass runtime.rateLimiter');
    }),
  ];
  const present: Array<[prefix: string, available: () => boolean]> = [
    ['fw/circuit-breakers/', () => options.circuitBreakers !== undefined || (breakers()?.list().length ?? 0) > 0],
    ['fw/ws/', () => rooms() !== undefined],
    ['fw/hot-reload/', () => reloader() !== undefined],
    ['fw/ssg/', () => ssg() !== undefined],
    ['fw/ratelimit/', () => limiter() !== undefined],
  ];
  return tools.map((t) => {
    const available = present.find(([prefix]) => t.name.startsWith(prefix))?.[1];
    return available === undefined ? t : { ...t, available };
  });
}

/**
 * The built-in runtime tools of spec 4.1 over a live app; mutating ones only when `allowMutation` is true. `toolNameOf`
 * gives the listed name of a route's tool for `fw/routes/describe` (default: `routeToolName` of the route).
 */
export function runtimeTools(
  app: CoreFw,
  options: RuntimeBridgeOptions = {},
  allowMutation = false,
  toolNameOf: RouteToolNameOf = plainRouteToolName,
): BridgeTool[] {
  const all = [...routeTools(app, allowMutation, toolNameOf), ...appTools(app, options), ...subsystemTools(app, options)];
  return allowMutation ? all : all.filter((t) => !t.mutating);
}
