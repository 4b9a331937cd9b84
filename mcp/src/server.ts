import type { CoreFw } from 'fw';
import { docsResources, readDocsDir } from './docs';
import {
  ErrorCode,
  RpcError,
  classify,
  errorOf,
  failureOf,
  notificationOf,
  resultOf,
  type JSONRPCNotification,
  type JSONRPCRequest,
  type JSONRPCResponse,
} from './jsonrpc';
import { listTools, runTool, toolOf } from './methods/tools';
import { checkNoTasks, checkTaskMode, isTaskTool, offersTasks, taskParams, tasksMethodNotFound } from './methods/tool-tasks';
import { listResources, listTemplates, readResource, subscribableUri } from './methods/resources';
import { getPrompt, listPrompts } from './methods/prompts';
import { complete } from './methods/completion';
import { stringParam } from './methods/params';
import { Outgoing } from './outgoing';
import { InFlight } from './inflight';
import { LOG_LEVEL_META, clientScope, isLogLevel, levelPasses, type ClientLink, type LogLevel } from './peer';
import { serverCapabilities } from './capabilities';
import type { Change } from './modern/change-feed';
import { ModernEra, isModernRequest } from './modern/era';
import { serverInfoOf } from './server-info';
import { initialize, setLevel } from './methods/lifecycle';
import { Registry } from './registry';
import { Subscriptions } from './subscriptions';
import { RequestContext, type AbortSource } from './request-context';
import { checkSchema, type SchemaCheck } from './schema-check';
import type { MCPPrompt, MCPResource, MCPResourceTemplate, MCPServerOptions, MCPTool, RuntimeBridgeOptions, Workflow } from './types';
import { LATEST_VERSION } from './versions';

type Params = Record<string, any> | undefined;

/** What the app bridge does for a server (`AppBridge`): registers route and built-in tools, prompts and workflows of the bound app. */
export interface ServerBridge {
  checkScopeNames(app: CoreFw): void;
  sync(app: CoreFw | null): void;
}

/** Makes a server's bridge (`MCPServer` from `fw-mcp` sets it; the plain server has none, so it bundles none). */
export type BridgeFactory = (registry: Registry, options: MCPServerOptions & { allowMutation: boolean }) => ServerBridge;

/**
 * What the server knows of a transport: something that feeds it the client's messages (`server.handle(message, link)`,
 * each with the `ClientLink` leading back) until the connection ends. Stdio is one; the HTTP plugin feeds it per request.
 */
export interface Transport {
  serve(server: MCPServer): Promise<void>;
}

/** Refuses bridge options on a server without the bridge (they would do nothing). */
function checkPlainOptions(options: MCPServerOptions): void {
  const given: string[] = (['exposeRoutes', 'builtinTools', 'builtinPrompts'] as const).filter((name) => options[name] === true);
  if (options.builtinScopes !== undefined) given.push('builtinScopes');
  if (given.length > 0)
    throw new TypeError(
      `${given.join(', ')}: createPlainMCPServer() has no app bridge (no route tools, built-in tools, prompts or workflows); use createMCPServer() for them`,
    );
}

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
  /** `serverInfo` as `initialize` answers it (name, version, title, description, icons, websiteUrl). */
  readonly serverInfo: Record<string, unknown>;
  readonly instructions: string | undefined;
  readonly protocolVersion: string;
  readonly registry: Registry;
  readonly outgoing: Outgoing;
  readonly debug: boolean;
  private readonly options: MCPServerOptions;
  private boundApp: CoreFw | null;
  private readonly inflight = new InFlight();
  private readonly links = new Set<ClientLink>();
  private primaryLink: ClientLink | null = null;
  private readonly listeners = new Set<NotificationListener>();
  private readonly subscriptions = new Subscriptions();
  private docsLoading: Promise<void> | null = null;
  private readonly bridge: ServerBridge | null;
  /** Makes the bridge of the servers of this class: none here, `AppBridge` on the `MCPServer` exported by `fw-mcp`. */
  protected static readonly makeBridge: BridgeFactory | null = null;
  /** Checks tool arguments and output of the servers of this class: `@cfworker/json-schema` here, fw's validator on `MCPServer`. */
  protected static readonly schemaCheck: SchemaCheck = checkSchema;
  /** Checks a tool's arguments and structured output against its schemas (see `schemaCheck`). */
  readonly checkSchema: SchemaCheck;
  /** The 2026-07-28 side of the endpoint: stateless requests, multi round-trips, `subscriptions/listen`. */
  private readonly modern: ModernEra;

  constructor(app: CoreFw | null = null, options: MCPServerOptions = {}) {
    this.boundApp = app;
    this.options = options;
    this.registry = new Registry(options.toolNameStyle);
    this.serverInfo = serverInfoOf(options);
    this.name = this.serverInfo.name as string;
    this.version = this.serverInfo.version as string;
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
    this.checkSchema = (new.target as typeof MCPServer).schemaCheck;
    const makeBridge = (new.target as typeof MCPServer).makeBridge;
    if (makeBridge === null) checkPlainOptions(options);
    this.bridge = makeBridge === null ? null : makeBridge(this.registry, { ...options, allowMutation: options.allowMutation ?? false });
    if (app !== null) this.bridge?.checkScopeNames(app);
    const server = this;
    this.modern = new ModernEra(
      {
        server: this,
        registry: this.registry,
        inflight: this.inflight,
        get pageSize() {
          return server.pageSize;
        },
        debug: this.debug,
        prepare: (docs) => {
          this.bridge?.sync(this.boundApp);
          return docs ? this.loadDocs() : Promise.resolve();
        },
      },
      options,
    );
  }

  /** The fw app this server exposes, or null until `bind(app)`. */
  get app(): CoreFw | null {
    return this.boundApp;
  }
  /** Binds the server to an app (the bridge reads routes and runtime from it). */
  bind(app: CoreFw): this {
    this.bridge?.checkScopeNames(app);
    this.boundApp = app;
    return this;
  }

  /** Names of the registered tools (route and built-in tools of the bound app included). */
  get toolNames(): string[] {
    this.bridge?.sync(this.boundApp);
    return [...this.registry.tools.keys()];
  }
  /** The registry brought up to date with the bound app (route tools included), for checks made before dispatch. */
  syncedRegistry(): Registry {
    this.bridge?.sync(this.boundApp);
    return this.registry;
  }
  /** Names of the registered workflows. */
  get workflowNames(): string[] {
    return [...this.registry.workflows.keys()];
  }
  /** A registered workflow by name. */
  workflow(name: string): Workflow | undefined {
    return this.registry.workflows.get(name);
  }
  /** Whether mutating runtime tools may be exposed. */
  get allowMutation(): boolean {
    return this.options.allowMutation ?? false;
  }
  /** Items per page of the list methods. */
  get pageSize(): number {
    return this.options.pageSize ?? 50;
  }
  /** The live runtime objects handed to the app bridge. */
  get runtimeBridge(): RuntimeBridgeOptions | undefined {
    return this.options.runtime;
  }
  /** The folder whose markdown files are served as `docs://<slug>`. */
  get docsDirPath(): string | undefined {
    return this.options.docsDir;
  }

  /** Registers a tool (chainable); connected clients hear `notifications/tools/list_changed`. */
  addTool<Args = any>(tool: MCPTool<Args>): this {
    this.registry.addTool(tool as MCPTool);
    return this.changed('tools');
  }
  /** Registers a resource (chainable). */
  addResource(resource: MCPResource): this {
    this.registry.addResource(resource);
    return this.changed('resources');
  }
  /** Registers a resource template (chainable). */
  addResourceTemplate(template: MCPResourceTemplate): this {
    this.registry.addTemplate(template);
    return this.changed('resources');
  }
  /** Registers a prompt (chainable). */
  addPrompt(prompt: MCPPrompt): this {
    this.registry.addPrompt(prompt);
    return this.changed('prompts');
  }
  /** Registers a workflow definition (chainable). */
  addWorkflow(workflow: Workflow): this {
    this.registry.addWorkflow(workflow);
    return this;
  }

  /**
   * The capabilities announced in `initialize` to the client of `link` (see `serverCapabilities`); without a link,
   * those of a client the server can reach at any time (stdio).
   */
  capabilities(link?: ClientLink): Record<string, unknown> {
    this.bridge?.sync(this.boundApp);
    return serverCapabilities(this.registry, link, this.modern.legacyTasks !== undefined);
  }

  /**
   * Handles one decoded message from a client: answers requests (never throws: failures become JSON-RPC
   * errors), routes responses to waiting server requests, and dispatches notifications. Null when nothing is answered.
   * `abortSource` (the HTTP Request) aborts the handler's signal when the client goes away.
   */
  handle(message: unknown, link: ClientLink, abortSource?: AbortSource): Promise<JSONRPCResponse | null> {
    // Not an async function: a request's answer is handed on as it is, without another hop.
    try {
      const sorted = classify(message);
      switch (sorted.kind) {
        case 'invalid':
          return Promise.resolve(errorOf(sorted.id, ErrorCode.InvalidRequest, `Invalid request: ${sorted.reason}`));
        case 'response':
          this.outgoing.settle(sorted.message, link);
          return Promise.resolve(null);
        case 'notification':
          this.onClientNotification(sorted.message, link);
          return Promise.resolve(null);
        case 'request':
          return this.answer(sorted.message, link, abortSource);
      }
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** Sends a notification to every connected client of 2025-11-25 and older (stdio, GET streams, legacy SSE streams). */
  sendNotification(method: string, params?: Record<string, any>): number {
    let sent = 0;
    for (const link of this.connected()) if (link.send(notificationOf(method, params))) sent++;
    return sent;
  }

  /**
   * Sends `notifications/progress` for the in-flight request that carried `token`; false when none did, or when
   * several clients' requests carry it (tokens are the client's choice: use `ctx.notifyProgress` inside a handler).
   */
  notifyProgress(token: string | number, progress: number, total?: number, message?: string): boolean {
    return this.inflight.withToken(token)?.notifyProgress(progress, total, message) ?? false;
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

  /**
   * Sends `notifications/resources/updated` to the 2025-era clients subscribed to `uri` (returns how many), and
   * publishes the change to 2026-07-28 listeners in the background (see `publish`).
   */
  notifyResourceUpdated(uri: string): number {
    this.publishInBackground({ uri });
    const keys = this.subscriptions.keysFor(uri);
    if (!keys) return 0;
    let sent = 0;
    for (const link of this.connected()) {
      if (keys.has(link.peer.key) && link.send(notificationOf('notifications/resources/updated', { uri }))) sent++;
    }
    return sent;
  }

  /**
   * Publishes a change to the 2026-07-28 `subscriptions/listen` streams of every instance sharing
   * `subscriptions.store`: `{ uri }` for `notifications/resources/updated`, `{ list: 'tools' | 'prompts' | 'resources' }`
   * for a list change. Resolves with how many streams want it; await it where a request's end stops the work (workers).
   */
  publish(change: Change): Promise<number> {
    return this.modern.publish(change);
  }

  /** Ends the `subscriptions/listen` streams of the client of `link` (stdio does this when its input ends). */
  endSubscriptions(link: ClientLink): void {
    this.modern.endSubscriptions(link);
  }

  /** Sets the main link to the client (what stdio does when it starts); null detaches it. */
  setClientLink(link: ClientLink | null): this {
    this.primaryLink = link;
    return this;
  }
  /** Adds a long-lived link (a GET or legacy SSE stream) that hears broadcasts; returns its removal. */
  addLink(link: ClientLink): () => void {
    this.links.add(link);
    return () => {
      this.links.delete(link);
    };
  }

  /** Subscribes to notifications from clients; returns the unsubscribe function. */
  onNotification(listener: NotificationListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Serves over a transport (a configured `StdioTransport`); resolves when it ends. */
  start(transport: Transport): Promise<void> {
    if (typeof (transport as Partial<Transport> | null)?.serve !== 'function')
      throw new TypeError(
        `Unknown transport "${String(transport)}": use "stdio" or a StdioTransport; for HTTP use createMCPPlugin(server, options)`,
      );
    return transport.serve(this);
  }

  /** The long-lived links of the same client as `link` (its session's GET streams, stdio), `link` excluded. */
  linksOf(link: ClientLink): ClientLink[] {
    const key = link.peer.key;
    return key === '' ? [] : this.connected().filter((other) => other !== link && other.peer.key === key);
  }

  /** The long-lived links of 2025-era clients (a stdio connection whose client speaks 2026-07-28 hears no broadcasts). */
  private connected(): ClientLink[] {
    const all = this.primaryLink === null ? [...this.links] : [this.primaryLink, ...this.links];
    return all.filter((link) => !link.peer.modern);
  }

  private changed(kind: 'tools' | 'resources' | 'prompts'): this {
    if (this.primaryLink !== null || this.links.size > 0) this.sendNotification(`notifications/${kind}/list_changed`);
    this.publishInBackground({ list: kind });
    return this;
  }

  private publishInBackground(change: Change): void {
    this.modern.publish(change).catch((error) => {
      if (this.debug) console.error('[fw-mcp] publishing a change to subscriptions/listen streams failed:', error);
    });
  }

  private onClientNotification(message: JSONRPCNotification, link: ClientLink): void {
    if (message.method === 'notifications/cancelled') {
      const id = message.params?.requestId;
      if (typeof id === 'string' || typeof id === 'number')
        this.inflight.find(clientScope(link), id)?.abort(message.params?.reason ?? 'cancelled by the client');
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

  /** Answers a request; null when it was cancelled (the spec: no response for a cancelled request). */
  private async answer(request: JSONRPCRequest, link: ClientLink, abortSource?: AbortSource): Promise<JSONRPCResponse | null> {
    if (isModernRequest(request)) return this.modern.answer(request, link, abortSource);
    const meta = request.params?._meta;
    const refused = badMeta(meta);
    if (refused !== null) return errorOf(request.id, ErrorCode.InvalidParams, refused);
    const scope = clientScope(link);
    const ctx = new RequestContext(this, link, request.id, meta, abortSource);
    this.inflight.add(scope, request.id, ctx);
    try {
      const result = await this.dispatch(request.method, request.params, ctx, link);
      return ctx.cancelled ? null : resultOf(request.id, result);
    } catch (error) {
      if (ctx.cancelled) return null;
      if (this.debug && !(error instanceof RpcError)) console.error(`[fw-mcp] ${request.method} failed:`, error);
      return failureOf(request.id, request.method, error);
    } finally {
      ctx.finish();
      this.inflight.remove(scope, request.id, ctx);
    }
  }

  /**
   * `tools/call`, as a task when the client asks, the tool allows it and the tasks extension is given (`task` is
   * ignored when no tool takes tasks; without the extension a task tool's task-augmented call is refused).
   */
  private callTool(params: Params, ctx: RequestContext, link: ClientLink): Promise<Record<string, unknown>> {
    const tool = toolOf(this.registry, params, ctx);
    const tasks = this.modern.legacyTasks;
    if (tasks === undefined) {
      checkNoTasks(tool, params);
      return runTool(tool, params, ctx);
    }
    const tasksOffered = isTaskTool(tool) || (params?.task !== undefined && offersTasks(this.registry));
    if (!tasksOffered) return runTool(tool, params, ctx);
    const asTask = taskParams(params);
    checkTaskMode(tool, asTask !== undefined);
    if (asTask === undefined) return runTool(tool, params, ctx);
    return tasks.start(link, ctx.requestId, ctx.meta, asTask.ttl, (taskCtx) => runTool(tool, params, taskCtx));
  }

  private async dispatch(method: string, params: Params, ctx: RequestContext, link: ClientLink): Promise<Record<string, unknown>> {
    const r = this.registry;
    this.bridge?.sync(this.boundApp);
    switch (method) {
      case 'initialize':
        return this.loadDocs().then(() => initialize(params, link, this));
      case 'ping':
        return {};
      case 'logging/setLevel':
        return setLevel(params, link);
      case 'tools/list':
        return listTools(r, params, this.pageSize, ctx);
      case 'tools/call':
        return this.callTool(params, ctx, link);
      case 'prompts/list':
        return listPrompts(r, params, this.pageSize, ctx);
      case 'prompts/get':
        return getPrompt(r, params, ctx);
      case 'completion/complete':
        return complete(r, params, ctx);
    }
    if (method.startsWith('tasks/')) {
      const tasks = this.modern.legacyTasks;
      if (tasks === undefined) throw tasksMethodNotFound(method);
      const answered = offersTasks(r) ? tasks.answer(method, params, ctx, link, this.pageSize) : undefined;
      if (answered !== undefined) return answered;
    }
    await this.loadDocs();
    switch (method) {
      case 'resources/list':
        return listResources(r, params, this.pageSize);
      case 'resources/templates/list':
        return listTemplates(r, params, this.pageSize);
      case 'resources/read':
        return readResource(r, params, ctx);
      case 'resources/subscribe': {
        // A client the server cannot reach later (no session) is answered {} (as clients expect) but nothing is kept.
        const uri = subscribableUri(r, params);
        if (link.pushes !== false) this.subscriptions.add(uri, link.peer.key);
        return {};
      }
      case 'resources/unsubscribe':
        this.subscriptions.remove(stringParam(params, 'uri'), link.peer.key);
        return {};
    }
    throw new RpcError(ErrorCode.MethodNotFound, `Method not found: ${method}`);
  }
}

/** Why a request's `_meta` is refused (not an object, or a log level that is not one), or null. */
function badMeta(meta: unknown): string | null {
  if (meta === undefined) return null;
  if (meta === null || typeof meta !== 'object' || Array.isArray(meta)) return 'Invalid "_meta": expected an object';
  const level = (meta as Record<string, unknown>)[LOG_LEVEL_META];
  if (level !== undefined && !isLogLevel(level))
    return `Invalid "_meta.${LOG_LEVEL_META}" "${String(level)}": use debug, info, notice, warning, error, critical, alert or emergency`;
  return null;
}
