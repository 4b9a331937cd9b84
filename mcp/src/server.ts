import type { Fw, FwPluginConfig } from 'fw';
import { AppBridge } from './bridge/install';
import { docsResources, readDocsDir } from './docs';
import { createMCPPlugin, type MCPHTTPOptions } from './http/plugin';
import {
  ErrorCode, RpcError, classify, errorOf, notificationOf, resultOf,
  type JSONRPCNotification, type JSONRPCRequest, type JSONRPCResponse,
} from './jsonrpc';
import { callTool, listTools } from './methods/tools';
import { listResources, listTemplates, readResource, subscribableUri } from './methods/resources';
import { getPrompt, listPrompts } from './methods/prompts';
import { complete } from './methods/completion';
import { stringParam } from './methods/params';
import { Outgoing } from './outgoing';
import { isLogLevel, levelPasses, type ClientLink, type LogLevel } from './peer';
import { initialize, setLevel } from './methods/lifecycle';
import { Registry } from './registry';
import { Subscriptions } from './subscriptions';
import { RequestContext, type AbortSource } from './request-context';
import { StdioTransport } from './stdio/transport';
import type { MCPPrompt, MCPResource, MCPResourceTemplate, MCPServerOptions, MCPTool, RuntimeBridgeOptions, Workflow } from './types';
import { LATEST_VERSION } from './versions';

type Params = Record<string, any> | undefined;

/** A notification listener registered with `onNotification`. */
export type NotificationListener = (notification: JSONRPCNotification) => void;

/**
 * The MCP server: registries of tools, resources, templates, prompts and workflows, the protocol's methods,
 * and the client interactions (notifications, progress, logging, server-to-client requests). Transports
 * (streamable HTTP, legacy SSE, stdio) feed it messages together with a `ClientLink` leading back to the client.
 */
export class MCPServer {
  readonly name: string;
  readonly version: string;
  readonly instructions: string | undefined;
  readonly protocolVersion: string;
  readonly registry = new Registry();
  readonly outgoing: Outgoing;
  readonly debug: boolean;
  private readonly options: MCPServerOptions;
  private boundApp: Fw | null;
  private readonly inflight = new Map<string, RequestContext>();
  private readonly progress = new Map<string | number, RequestContext>();
  private readonly links = new Set<ClientLink>();
  private primaryLink: ClientLink | null = null;
  private readonly listeners = new Set<NotificationListener>();
  private readonly subscriptions = new Subscriptions();
  private docsLoading: Promise<void> | null = null;
  private readonly bridge: AppBridge;

  constructor(app: Fw | null = null, options: MCPServerOptions = {}) {
    this.boundApp = app;
    this.options = options;
    this.name = options.name ?? 'fw-mcp';
    this.version = options.version ?? '1.0.0';
    this.instructions = options.instructions;
    this.protocolVersion = options.protocolVersion ?? LATEST_VERSION;
    this.debug = options.debug ?? false;
    this.outgoing = new Outgoing(options.requestTimeoutMs ?? 60_000);
    for (const tool of options.tools ?? []) this.registry.addTool(tool);
    for (const resource of options.resources ?? []) this.registry.addResource(resource);
    for (const template of options.resourceTemplates ?? []) this.registry.addTemplate(template);
    for (const prompt of options.prompts ?? []) this.registry.addPrompt(prompt);
    for (const workflow of options.workflows ?? []) this.registry.addWorkflow(workflow);
    for (const doc of docsResources(options.docs ?? {})) this.registry.addResource(doc);
    this.bridge = new AppBridge(this.registry, { ...options, allowMutation: options.allowMutation ?? false });
  }

  /** The fw app this server exposes, or null until `bind(app)`. */
  get app(): Fw | null { return this.boundApp; }
  /** Binds the server to an app (the bridge reads routes and runtime from it). */
  bind(app: Fw): this { this.boundApp = app; return this; }

  /** Names of the registered tools (route and built-in tools of the bound app included). */
  get toolNames(): string[] { this.bridge.sync(this.boundApp); return [...this.registry.tools.keys()]; }
  /** Names of the registered workflows. */
  get workflowNames(): string[] { return [...this.registry.workflows.keys()]; }
  /** A registered workflow by name. */
  workflow(name: string): Workflow | undefined { return this.registry.workflows.get(name); }
  /** Whether mutating runtime tools may be exposed. */
  get allowMutation(): boolean { return this.options.allowMutation ?? false; }
  /** Items per page of the list methods. */
  get pageSize(): number { return this.options.pageSize ?? 50; }
  /** The live runtime objects handed to the app bridge. */
  get runtimeBridge(): RuntimeBridgeOptions | undefined { return this.options.runtime; }
  /** The folder whose markdown files are served as `docs://<slug>`. */
  get docsDirPath(): string | undefined { return this.options.docsDir; }

  /** Registers a tool (chainable); connected clients hear `notifications/tools/list_changed`. */
  addTool<Args = any>(tool: MCPTool<Args>): this { this.registry.addTool(tool as MCPTool); return this.changed('tools'); }
  /** Registers a resource (chainable). */
  addResource(resource: MCPResource): this { this.registry.addResource(resource); return this.changed('resources'); }
  /** Registers a resource template (chainable). */
  addResourceTemplate(template: MCPResourceTemplate): this { this.registry.addTemplate(template); return this.changed('resources'); }
  /** Registers a prompt (chainable). */
  addPrompt(prompt: MCPPrompt): this { this.registry.addPrompt(prompt); return this.changed('prompts'); }
  /** Registers a workflow definition (chainable). */
  addWorkflow(workflow: Workflow): this { this.registry.addWorkflow(workflow); return this; }

  /** The capabilities announced in `initialize`: only what is registered, plus logging. */
  capabilities(): Record<string, unknown> {
    const r = this.registry;
    const caps: Record<string, unknown> = { logging: {} };
    if (r.tools.size > 0) caps.tools = { listChanged: true };
    if (r.resources.size > 0 || r.templates.size > 0) caps.resources = { subscribe: true, listChanged: true };
    if (r.prompts.size > 0) caps.prompts = { listChanged: true };
    if (r.prompts.size > 0 || r.templates.size > 0) caps.completions = {};
    return caps;
  }

  /**
   * Handles one decoded message from a client: answers requests (never throws: failures become JSON-RPC
   * errors), routes responses to waiting server requests, and dispatches notifications. Null when nothing is answered.
   * `abortSource` (the HTTP Request) aborts the handler's signal when the client goes away.
   */
  async handle(message: unknown, link: ClientLink, abortSource?: AbortSource): Promise<JSONRPCResponse | null> {
    const sorted = classify(message);
    switch (sorted.kind) {
      case 'invalid': return errorOf(sorted.id, ErrorCode.InvalidRequest, `Invalid request: ${sorted.reason}`);
      case 'response': this.outgoing.settle(sorted.message); return null;
      case 'notification': this.onClientNotification(sorted.message, link); return null;
      case 'request': return this.answer(sorted.message, link, abortSource);
    }
  }

  /** Sends a notification to every connected client (stdio, GET streams, legacy SSE streams). */
  sendNotification(method: string, params?: Record<string, any>): number {
    let sent = 0;
    for (const link of this.connected()) if (link.send(notificationOf(method, params))) sent++;
    return sent;
  }

  /** Sends `notifications/progress` for the in-flight request that carried `token`; false when none did. */
  notifyProgress(token: string | number, progress: number, total?: number, message?: string): boolean {
    return this.progress.get(token)?.notifyProgress(progress, total, message) ?? false;
  }

  /** Sends `notifications/message` to every connected client whose log level lets it through. */
  log(level: LogLevel, data: unknown, logger?: string): number {
    if (!isLogLevel(level)) throw new TypeError(`Unknown log level "${level}"`);
    let sent = 0;
    const params = logger === undefined ? { level, data } : { level, data, logger };
    for (const link of this.connected()) {
      if (levelPasses(level, link.peer.logLevel) && link.send(notificationOf('notifications/message', params))) sent++;
    }
    return sent;
  }

  /** Sends `notifications/resources/updated` to clients subscribed to `uri`. */
  notifyResourceUpdated(uri: string): number {
    const keys = this.subscriptions.keysFor(uri);
    if (!keys) return 0;
    let sent = 0;
    for (const link of this.connected()) {
      if (keys.has(link.peer.key) && link.send(notificationOf('notifications/resources/updated', { uri }))) sent++;
    }
    return sent;
  }

  /** Sets the main link to the client (what stdio does when it starts); null detaches it. */
  setClientLink(link: ClientLink | null): this { this.primaryLink = link; return this; }
  /** Adds a long-lived link (a GET or legacy SSE stream) that hears broadcasts; returns its removal. */
  addLink(link: ClientLink): () => void {
    this.links.add(link);
    return () => { this.links.delete(link); };
  }

  /** Subscribes to notifications from clients; returns the unsubscribe function. */
  onNotification(listener: NotificationListener): () => void {
    this.listeners.add(listener);
    return () => { this.listeners.delete(listener); };
  }

  /** Serves over stdio (`'stdio'` or a configured `StdioTransport`); resolves when the input ends. */
  start(transport: 'stdio' | StdioTransport = 'stdio'): Promise<void> {
    const chosen = transport === 'stdio' ? new StdioTransport({ debug: this.debug }) : transport;
    if (!(chosen instanceof StdioTransport)) throw new TypeError(`Unknown transport "${String(transport)}": use "stdio" or a StdioTransport; for HTTP use startHTTP(options)`);
    return chosen.serve(this);
  }

  /** The fw plugin that serves this server over streamable HTTP (and legacy SSE). */
  startHTTP(options: MCPHTTPOptions = {}): FwPluginConfig {
    return createMCPPlugin(this, options);
  }

  private connected(): ClientLink[] {
    return this.primaryLink === null ? [...this.links] : [this.primaryLink, ...this.links];
  }

  private changed(kind: 'tools' | 'resources' | 'prompts'): this {
    if (this.primaryLink !== null || this.links.size > 0) this.sendNotification(`notifications/${kind}/list_changed`);
    return this;
  }

  private onClientNotification(message: JSONRPCNotification, link: ClientLink): void {
    if (message.method === 'notifications/cancelled') {
      const id = message.params?.requestId;
      if (typeof id === 'string' || typeof id === 'number') this.inflight.get(`${link.peer.key}\u0000${id}`)?.abort(message.params?.reason ?? 'cancelled by the client');
    }
    for (const listener of this.listeners) {
      try {
        listener(message);
      } catch (error) {
        if (this.debug) console.error('[fw-mcp] notification listener failed:', error);
      }
    }
  }

  private loadDocs(): Promise<void> {
    const dir = this.options.docsDir;
    if (dir === undefined) return Promise.resolve();
    return (this.docsLoading ??= readDocsDir(dir).then((files) => {
      for (const doc of docsResources(files)) this.registry.addResource(doc);
    }));
  }

  private async answer(request: JSONRPCRequest, link: ClientLink, abortSource?: AbortSource): Promise<JSONRPCResponse> {
    const key = `${link.peer.key}\u0000${request.id}`;
    const ctx = new RequestContext(this, link, request.id, request.params?._meta, abortSource);
    this.inflight.set(key, ctx);
    const token = ctx.progressToken;
    if (token !== undefined) this.progress.set(token, ctx);
    try {
      const result = await this.dispatch(request.method, request.params, ctx, link);
      if (ctx.cancelled) return errorOf(request.id, ErrorCode.RequestFailed, 'Request cancelled');
      return resultOf(request.id, result);
    } catch (error) {
      if (error instanceof RpcError) return errorOf(request.id, error.code, error.message, error.data);
      if (this.debug) console.error(`[fw-mcp] ${request.method} failed:`, error);
      return errorOf(request.id, ErrorCode.InternalError, `Internal error in ${request.method}: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      ctx.finish();
      if (this.inflight.get(key) === ctx) this.inflight.delete(key);
      if (token !== undefined && this.progress.get(token) === ctx) this.progress.delete(token);
    }
  }

  private async dispatch(method: string, params: Params, ctx: RequestContext, link: ClientLink): Promise<Record<string, unknown>> {
    const r = this.registry;
    this.bridge.sync(this.boundApp);
    switch (method) {
      case 'initialize': return this.loadDocs().then(() => initialize(params, link, this));
      case 'ping': return {};
      case 'logging/setLevel': return setLevel(params, link);
      case 'tools/list': return listTools(r, params, this.pageSize);
      case 'tools/call': return callTool(r, params, ctx);
      case 'prompts/list': return listPrompts(r, params, this.pageSize);
      case 'prompts/get': return getPrompt(r, params, ctx);
      case 'completion/complete': return complete(r, params);
    }
    await this.loadDocs();
    switch (method) {
      case 'resources/list': return listResources(r, params, this.pageSize);
      case 'resources/templates/list': return listTemplates(r, params, this.pageSize);
      case 'resources/read': return readResource(r, params, ctx);
      case 'resources/subscribe':
        this.subscriptions.add(subscribableUri(r, params), link.peer.key);
        return {};
      case 'resources/unsubscribe':
        this.subscriptions.remove(stringParam(params, 'uri'), link.peer.key);
        return {};
    }
    throw new RpcError(ErrorCode.MethodNotFound, `Method not found: ${method}`);
  }
}
