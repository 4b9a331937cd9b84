/**
 * `fw/mcp`: the core MCP plugin kept from fw 1.x. It is the fw-mcp server (same protocol code) configured the
 * 1.x way: route tools plus seven built-in tools, an `auth(ctx)` hook, served over HTTP at `path`.
 */
import type { Context } from '../core/context';
import type { FwPluginConfig } from '../core/types';
import {
  createMCPPlugin,
  createMCPServer as createPackageServer,
  runtimeTools,
  type BridgeTool,
  type MCPServer,
  type MCPTool,
  type RequestContext,
} from 'fw-mcp';

/** Options of the core plugin form (spec part 2.2, core-plugin form). */
export interface CoreMCPOptions {
  /** Endpoint of the MCP transport (default `/mcp`; legacy SSE at `<path>/sse`). */
  path?: string;
  name?: string;
  version?: string;
  /** Extra tools beyond the auto-discovered routes and the seven built-ins. */
  tools?: MCPTool[];
  /** Decides access per request; false answers 401. */
  auth?: (ctx: Context) => boolean | Promise<boolean>;
  /** Expose POST, PUT, PATCH and DELETE routes as tools too (default false). */
  allowMutation?: boolean;
  /**
   * Who sees the seven built-in tools (the app's routes, plugins, state): `'trusted'` (default) callers that passed
   * `auth` or reached the endpoint over loopback; `'public'` anyone who can reach it.
   */
  exposeRuntimeTools?: 'trusted' | 'public';
}

/** The seven built-in tools of the core plugin, and the runtime tool each one answers with. */
const legacyTools: Record<string, { runtime: string; description: string }> = {
  list_routes: { runtime: 'fw/routes/list', description: 'Lists every registered route.' },
  get_route_details: { runtime: 'fw/routes/describe', description: 'Describes one route: options, input schema and tool name.' },
  get_plugins: { runtime: 'fw/plugins/list', description: 'Lists registered plugins and their dependencies.' },
  get_middleware: { runtime: 'fw/middleware/info', description: 'Counts global and path-based middleware.' },
  get_openapi: { runtime: 'fw/openapi/get', description: 'Returns the OpenAPI document of the app.' },
  get_app_state: { runtime: 'fw/state/get', description: 'Reads shared app state (one key, or all).' },
  suggest_routes: { runtime: 'fw/routes/suggest', description: 'Suggests REST completions and renames.' },
};

/** Names of the seven built-in tools. */
export const coreToolNames = Object.keys(legacyTools);

function legacyTool(name: string, server: MCPServer): MCPTool {
  const spec = legacyTools[name];
  let resolved: BridgeTool | undefined;
  const target = (): BridgeTool => {
    const app = server.app;
    if (!app) throw new Error('the MCP server is not mounted on an app yet');
    resolved ??= runtimeTools(app).find((t) => t.name === spec.runtime)!;
    return resolved;
  };
  return {
    name,
    description: spec.description,
    get inputSchema() {
      return server.app ? target().inputSchema : { type: 'object' };
    },
    annotations: { title: name, readOnlyHint: true, openWorldHint: false },
    handler: (args: Record<string, unknown>, ctx: RequestContext) => target().handler(args, { headers: ctx.headers }),
  };
}

/**
 * The low-level server of the core plugin: the seven built-in tools (shown to trusted callers only, unless
 * `exposeRuntimeTools: 'public'`) and your extra ones; routes become tools once mounted.
 */
export function createMCPServer(options: CoreMCPOptions = {}): MCPServer {
  const server = createPackageServer(null, {
    name: options.name ?? 'fw-mcp',
    version: options.version ?? '1.0.0',
    allowMutation: options.allowMutation ?? false,
    builtinTools: false,
    builtinPrompts: false,
  });
  for (const name of coreToolNames) {
    server.addTool(legacyTool(name, server));
    if (options.exposeRuntimeTools !== 'public') server.registry.restrictTool(name, (caller) => caller.trusted);
  }
  for (const tool of options.tools ?? []) server.addTool(tool);
  return server;
}

/** The core MCP plugin: mount it with `app.use(mcp({ path, auth }))` or `await app.plugin(mcp(...))`. */
export function mcp(options: CoreMCPOptions = {}): FwPluginConfig {
  const server = createMCPServer(options);
  const plugin = createMCPPlugin(server, { path: options.path ?? '/mcp', authorize: options.auth });
  return { ...plugin, name: 'fw-mcp-core' };
}
