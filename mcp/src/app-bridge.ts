import type { CoreFw, RouteInfo } from 'fw';
import { ErrorCode, RpcError } from './jsonrpc';
import { builtinScopesOf, checkBuiltinNames, checkBuiltinScopes, type BuiltinScopes } from './oauth/builtin-scopes';
import type { RequestContext } from './request-context';
import type { Registry } from './registry';
import type { MCPPrompt, MCPTool, RuntimeBridgeOptions } from './types';
import { createBuiltinWorkflows } from './workflows/builtin';
import { workflowTools, type WorkflowCallContext } from './workflows/workflow-tools';
import type { BridgeTool } from './bridge/bridge-tool';
import { builtinPrompts, type BridgePrompt } from './bridge/prompts';
import { inProcessCaller } from './bridge/in-process-call';
import { forwarded, routeTools } from './bridge/route-tools';
import { runtimeTools } from './bridge/runtime-tools';

/** What the bridge adds to a server bound to an app, each part on by default. */
export interface BridgeOptions {
  /** Expose the app's routes as tools (default true). */
  exposeRoutes?: boolean;
  /** Add the built-in runtime tools, workflows and workflow tools (default true). */
  builtinTools?: boolean;
  /** Add the six built-in prompts (default true). */
  builtinPrompts?: boolean;
  /** Request headers of the MCP call passed on to route tools (e.g. `['authorization']`). */
  forwardHeaders?: string[];
  allowMutation: boolean;
  runtime?: RuntimeBridgeOptions;
  /** OAuth scopes of the runtime tools, workflow tools and built-in prompts, by name or `prefix*`. */
  builtinScopes?: BuiltinScopes;
  /**
   * Who is shown the runtime tools, workflow tools and built-in prompts: `'trusted'` (default) callers that
   * authenticated at the HTTP endpoint (`authToken`, `oauth`, `authorize`), reached it over loopback, or use stdio;
   * `'public'` anyone who can reach the endpoint, which shows the app's internals to strangers.
   */
  exposeRuntimeTools?: 'trusted' | 'public';
  /** In-process calls one tool call or workflow run may make (default 32). */
  maxInProcessCalls?: number;
  /** Milliseconds one in-process call may take, its response body included (default 30000). */
  inProcessTimeoutMs?: number;
}

/** Refuses bad exposure and limit options at startup, naming the option. */
function checkBridgeOptions(options: BridgeOptions): void {
  const expose = options.exposeRuntimeTools;
  if (expose !== undefined && expose !== 'trusted' && expose !== 'public')
    throw new TypeError(`exposeRuntimeTools must be 'trusted' (the default) or 'public', got ${JSON.stringify(expose)}`);
  for (const name of ['maxInProcessCalls', 'inProcessTimeoutMs'] as const) {
    const value = options[name];
    if (value !== undefined && !(Number.isInteger(value) && value > 0))
      throw new TypeError(`${name} must be a positive integer, got ${JSON.stringify(value)}`);
  }
}

function callContext(rc: RequestContext, options: BridgeOptions): WorkflowCallContext {
  const forward = (options.forwardHeaders ?? []).map((h) => h.toLowerCase());
  const caller = inProcessCaller(
    {
      auth: rc.auth,
      address: rc.address,
      headers: { ...rc.callHeaders, ...forwarded(forward, rc.headers) },
      signal: rc.signal,
      platform: { env: rc.env, executionCtx: rc.executionCtx },
    },
    { maxCalls: options.maxInProcessCalls, timeoutMs: options.inProcessTimeoutMs },
  );
  return {
    headers: rc.headers,
    caller,
    get signal() {
      return rc.signal;
    },
    onProgress: (done, total, message) => void rc.notifyProgress(done, total, message),
    log: (level, data) => void rc.log(level as Parameters<RequestContext['log']>[0], data),
  };
}

function asTool(tool: BridgeTool, options: BridgeOptions): MCPTool {
  return {
    name: tool.name,
    title: tool.annotations.title,
    description: tool.description,
    inputSchema: tool.inputSchema,
    annotations: tool.annotations,
    scopes: tool.scopes,
    handler: (args: Record<string, unknown>, rc: RequestContext) => tool.handler(args, callContext(rc, options)),
  };
}

function asPrompt(prompt: BridgePrompt, scopes: string[] | undefined): MCPPrompt {
  const complete = prompt.complete;
  return {
    name: prompt.name,
    description: prompt.description,
    scopes,
    arguments: prompt.arguments,
    complete: complete
      ? Object.fromEntries(
          prompt.arguments.map((a) => [
            a.name,
            (value: string, context: { arguments?: Record<string, string> }) => complete(a.name, value, context.arguments ?? {}),
          ]),
        )
      : undefined,
    handler: (args: Record<string, string>) => {
      try {
        return prompt.render(args);
      } catch (error) {
        throw new RpcError(ErrorCode.InvalidParams, `Prompt "${prompt.name}": ${error instanceof Error ? error.message : String(error)}`);
      }
    },
  };
}

/**
 * Keeps a server's registry in step with the app it is bound to: route tools follow the route table (rebuilt
 * when the app's registrations change), built-in tools, workflows and prompts are added once.
 */
export class AppBridge {
  private app: CoreFw | null = null;
  private generation = -1;
  private routeNames: string[] = [];
  /** `METHOD path` of each route tool -> its registered name, for `fw/routes/describe`. */
  private routeToolNames = new Map<string, string>();
  private workflowsVersion = -1;
  private workflowToolNames: string[] = [];

  constructor(
    private readonly registry: Registry,
    private readonly options: BridgeOptions,
  ) {
    checkBuiltinScopes(options.builtinScopes);
    checkBridgeOptions(options);
  }

  /** Refuses `builtinScopes` naming an item the bridge does not register for `app` (at bind, so a typo fails at startup). */
  checkScopeNames(app: CoreFw): void {
    if (this.options.builtinScopes === undefined) return;
    const known = new Set<string>();
    for (const tool of runtimeTools(app, this.options.runtime, true)) known.add(tool.name);
    for (const workflow of createBuiltinWorkflows(app)) known.add(workflow.name);
    const workflows = () => [...this.registry.workflows.values(), ...createBuiltinWorkflows(app)];
    for (const tool of workflowTools(workflows, () => app, true)) known.add(tool.name);
    for (const prompt of builtinPrompts(app)) known.add(prompt.name);
    checkBuiltinNames(this.options.builtinScopes, known);
  }

  /** A bridge tool with the scopes `builtinScopes` gives it. */
  private scoped(tool: BridgeTool): BridgeTool {
    const scopes = builtinScopesOf(this.options.builtinScopes, tool.name);
    return scopes === undefined ? tool : { ...tool, scopes };
  }

  /** Brings the registry up to date with the app; cheap when nothing changed. */
  sync(app: CoreFw | null): void {
    if (app === null) return;
    if (this.app !== app) this.attach(app);
    if (this.options.builtinTools !== false) this.syncWorkflows(app);
    if (this.options.exposeRoutes !== false && app.generation !== this.generation) this.syncRoutes(app);
  }

  private attach(app: CoreFw): void {
    this.app = app;
    this.generation = -1;
    if (this.options.builtinTools !== false) {
      const toolNameOf = (route: RouteInfo) => this.routeToolNameOf(app, route);
      for (const tool of runtimeTools(app, this.options.runtime, this.options.allowMutation, toolNameOf)) this.addInternal(tool);
      for (const workflow of createBuiltinWorkflows(app))
        if (!this.registry.workflows.has(workflow.name)) this.registry.addWorkflow(workflow);
    }
    if (this.options.builtinPrompts !== false) {
      for (const prompt of builtinPrompts(app)) {
        if (this.registry.prompts.has(prompt.name)) continue;
        this.registry.addPrompt(asPrompt(prompt, builtinScopesOf(this.options.builtinScopes, prompt.name)));
        // They render the app's plugins and middleware: internals, for trusted callers as the runtime tools.
        if (this.options.exposeRuntimeTools !== 'public') this.registry.restrictPrompt(prompt.name, (caller) => caller.trusted);
      }
    }
  }

  /**
   * Adds a runtime or workflow tool (unless a tool of that name exists), shown per request only to trusted callers
   * (unless `exposeRuntimeTools: 'public'`) and only while its subsystem is there.
   */
  private addInternal(tool: BridgeTool): void {
    if (this.registry.tools.has(tool.name)) return;
    this.registry.addTool(asTool(this.scoped(tool), this.options), false);
    const everyone = this.options.exposeRuntimeTools === 'public';
    const available = tool.available ?? (() => true);
    this.registry.restrictTool(tool.name, (caller) => (everyone || caller.trusted) && available());
  }

  private syncWorkflows(app: CoreFw): void {
    if (this.registry.workflowsVersion === this.workflowsVersion) return;
    this.workflowsVersion = this.registry.workflowsVersion;
    for (const name of this.workflowToolNames) this.registry.removeTool(name);
    const tools = workflowTools(
      () => [...this.registry.workflows.values()],
      () => app,
      this.options.allowMutation,
      (name) => this.registry.clientName(name),
    );
    this.workflowToolNames = tools.filter((t) => !this.registry.tools.has(t.name)).map((t) => t.name);
    for (const tool of tools) this.addInternal(tool);
  }

  /** The name clients call a route's tool by, or null when the route is no tool. */
  private routeToolNameOf(app: CoreFw, route: RouteInfo): string | null {
    this.sync(app);
    const name = this.routeToolNames.get(`${route.method} ${route.path}`);
    return name === undefined ? null : this.registry.clientName(name);
  }

  private syncRoutes(app: CoreFw): void {
    for (const name of this.routeNames) this.registry.removeTool(name);
    const tools = routeTools(app, {
      allowMutation: this.options.allowMutation,
      forwardHeaders: this.options.forwardHeaders,
      reservedNames: this.registry.tools.keys(),
    });
    this.routeNames = tools.map((t) => t.name);
    this.routeToolNames = new Map(tools.map((t) => [`${t.route.method} ${t.route.path}`, t.name]));
    for (const tool of tools) this.registry.addTool(asTool(tool, this.options), false);
    this.generation = app.generation;
  }
}
