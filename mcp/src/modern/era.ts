import { MemoryStore } from '../memory-store';
import { discoverCapabilities } from '../capabilities';
import type { InFlight } from '../inflight';
import { ErrorCode, RpcError, failureOf, resultOf, type JSONRPCRequest, type JSONRPCResponse } from '../jsonrpc';
import { complete } from '../methods/completion';
import { getPrompt, listPrompts } from '../methods/prompts';
import { listResources, listTemplates, readResource } from '../methods/resources';
import { objectParam } from '../methods/params';
import { isTaskTool } from '../methods/tool-tasks';
import { listTools, runTool, toolOf } from '../methods/tools';
import { clientScope, type ClientLink, type ClientScope, type PeerState } from '../peer';
import type { Registry } from '../registry';
import { RequestContext, type AbortSource } from '../request-context';
import type { MCPServer } from '../server';
import { TASKS_EXTENSION } from '../tasks/extension';
import type { TasksOptions } from '../tasks/types';
import { MODERN_VERSIONS } from '../versions';
import { cacheHints } from './caching';
import { ChangeFeed, type Change } from './change-feed';
import { bindExtensions, type BoundExtension, type LegacyTasks, type MCPExtension } from './extensions';
import { hasEnvelope, readEnvelope, type Envelope } from './envelope';
import { listen, type SubscriptionsOptions } from './listen';
import { paramHeaderMismatch } from './param-headers';
import { RequestStateCodec, type RequestStateOptions } from './request-state';
import { modernResult } from './result';
import { INPUT_REQUIRED, RoundTrip, principalOf } from './round-trip';

/** What the 2026-07-28 era needs from the server it answers for. */
export interface EraHost {
  readonly server: MCPServer;
  readonly registry: Registry;
  readonly inflight: InFlight;
  readonly pageSize: number;
  readonly debug: boolean;
  /** Brings the registry up to date with the bound app (and loads `docsDir` when `docs` is true). */
  prepare(docs: boolean): Promise<void>;
}

/** The server options of the 2026-07-28 era. */
export interface ModernOptions {
  requestState?: RequestStateOptions;
  subscriptions?: SubscriptionsOptions;
  cacheTtlMs?: number;
  /** Where the tasks of the tasks extension live (the store the 2025-11-25 tasks use), their lifetime and poll interval. */
  tasks?: TasksOptions;
  /** Opt-in extensions (`tasksExtension` from `fw-mcp/tasks`). */
  extensions?: MCPExtension[];
}

/** Methods that may answer with an InputRequiredResult (the spec's multi round-trip requests). */
const ROUND_TRIPS = new Set(['tools/call', 'prompts/get', 'resources/read']);

/** What 2026-07-28 has instead of the legacy methods it removed, for the -32601 message. */
const REMOVED: Record<string, string> = {
  initialize: 'it has no initialize: every request carries its version and client capabilities in _meta',
  ping: 'it has no ping',
  'logging/setLevel': 'set the level per request in _meta["io.modelcontextprotocol/logLevel"]',
  'resources/subscribe': 'send subscriptions/listen with notifications.resourceSubscriptions',
  'resources/unsubscribe': 'close the subscriptions/listen stream',
};

/**
 * Whether a request is served under 2026-07-28: it carries the per-request `_meta` envelope or a method only that
 * version has (an `initialize` without the envelope opens the legacy era).
 */
export function isModernRequest(request: JSONRPCRequest): boolean {
  return hasEnvelope(request.params) || request.method === 'server/discover' || request.method === 'subscriptions/listen';
}

function positive(value: number | undefined, name: string, fallback: number | undefined, zero = false): number | undefined {
  if (value === undefined) return fallback;
  if (!(typeof value === 'number' && Number.isFinite(value) && (value > 0 || (zero && value === 0))))
    throw new TypeError(`${name} must be a ${zero ? 'non-negative' : 'positive'} number of milliseconds, got ${String(value)}`);
  return value;
}

function peerOf(envelope: Envelope): PeerState {
  return {
    key: '',
    protocolVersion: envelope.version,
    clientCapabilities: envelope.capabilities,
    clientInfo: envelope.clientInfo,
    logLevel: envelope.logLevel ?? null,
    modern: true,
  };
}

/** -32601 for a 2026-07-28 call of a tool that runs only as a task on a server without the tasks extension. */
function tasksNotOffered(name: string): RpcError {
  return new RpcError(
    ErrorCode.MethodNotFound,
    `The tool "${name}" runs only as a task (its execution.taskSupport is "required"), and this server does not offer the 2026-07-28 tasks extension`,
  );
}

/** 2026-07-28 answers -32602 where earlier versions said -32002 (resource not found). */
function modernError(error: unknown): unknown {
  return error instanceof RpcError && error.code === ErrorCode.ResourceNotFound
    ? new RpcError(ErrorCode.InvalidParams, error.message, error.data)
    : error;
}

/**
 * The 2026-07-28 era of a dual-era server: every request stands alone, its version, client capabilities and log
 * level read from its `_meta`; results carry `resultType`, the server's identity and caching hints; input requests
 * (elicitation, sampling, roots) answer with an InputRequiredResult whose state travels in the request; change
 * notifications reach `subscriptions/listen` streams on any instance through a shared change feed.
 */
export class ModernEra {
  /** The changes published to listening streams, and the streams listening, in the shared store. */
  readonly feed: ChangeFeed;
  private readonly state: RequestStateCodec;
  private readonly pollIntervalMs: number;
  private readonly maxDurationMs: number | undefined;
  private readonly ttlMs: number;
  /** Listening streams by client, so a stdio connection that ends can close its own. */
  private readonly listening = new Map<ClientScope, Set<RequestContext>>();
  /** The opt-in extensions by identifier (the tasks extension: tasks of `tools/call`s of task tools, in the task store). */
  private readonly extensions: Map<string, BoundExtension>;

  constructor(
    private readonly host: EraHost,
    options: ModernOptions = {},
  ) {
    this.state = new RequestStateCodec(options.requestState);
    this.feed = new ChangeFeed(options.subscriptions?.store ?? new MemoryStore());
    this.pollIntervalMs = positive(options.subscriptions?.pollIntervalMs, 'subscriptions.pollIntervalMs', 1000)!;
    this.maxDurationMs = positive(options.subscriptions?.maxDurationMs, 'subscriptions.maxDurationMs', undefined);
    this.ttlMs = Math.floor(positive(options.cacheTtlMs, 'cacheTtlMs', 60_000, true)!);
    this.extensions = bindExtensions(options.extensions, { server: host.server, tasks: options.tasks });
    if (options.tasks !== undefined && !this.extensions.has(TASKS_EXTENSION))
      throw new TypeError(
        "The tasks option configures the tasks extension, which this server does not have: add tasksExtension from 'fw-mcp/tasks' to extensions (createMCPServer(app, { extensions: [tasksExtension], tasks }))",
      );
  }

  /** 2025-11-25's task-augmented requests, when the tasks extension is given (undefined otherwise). */
  get legacyTasks(): LegacyTasks | undefined {
    return this.extensions.get(TASKS_EXTENSION)?.legacy;
  }

  /** Publishes a change to the listening streams of every instance sharing the store; resolves with how many want it. */
  publish(change: Change): Promise<number> {
    return this.feed.publish(change);
  }

  /** Ends the listening streams of the client of `link` (a stdio connection whose input ended). */
  endSubscriptions(link: ClientLink): void {
    for (const ctx of this.listening.get(clientScope(link)) ?? []) ctx.abort('the connection ended');
  }

  /** Answers one 2026-07-28 request; null when the client cancelled it (closed its stream, or `notifications/cancelled`). */
  async answer(request: JSONRPCRequest, link: ClientLink, abortSource?: AbortSource): Promise<JSONRPCResponse | null> {
    const { id, method, params } = request;
    let trip: RoundTrip | undefined;
    let principal = '';
    let peer: PeerState;
    try {
      peer = peerOf(readEnvelope(params?._meta));
      // A connection (stdio) whose client speaks this version hears nothing outside its requests and listen streams.
      if (link.peer.key !== '') link.peer.modern = true;
      await this.host.prepare(method.startsWith('resources/') || method === 'subscriptions/listen');
      if (ROUND_TRIPS.has(method)) {
        principal = await principalOf(abortSource?.headers);
        trip = await RoundTrip.open(this.state, method, params, principal);
      }
    } catch (error) {
      return failureOf(id, method, error);
    }
    const scope = clientScope(link);
    const ctx = new RequestContext(this.host.server, link, id, params?._meta, abortSource, { peer, trip });
    this.host.inflight.add(scope, id, ctx);
    try {
      const work = this.dispatch(method, params, ctx, scope, link);
      const outcome = trip === undefined ? await work : await Promise.race([work, trip.blocked]);
      if (outcome === INPUT_REQUIRED) {
        work.catch(() => {});
        ctx.abort('input required: the client answers on its retry');
        return resultOf(
          id,
          modernResult(await trip!.inputRequired(this.state, method, params, principal), this.host.server.serverInfo, null),
        );
      }
      if (ctx.cancelled) return null;
      return resultOf(id, modernResult(outcome, this.host.server.serverInfo, cacheHints(method, params, this.host.registry, this.ttlMs)));
    } catch (error) {
      if (ctx.cancelled) return null;
      if (this.host.debug && !(error instanceof RpcError)) console.error(`[fw-mcp] ${method} failed:`, error);
      return failureOf(id, method, modernError(error));
    } finally {
      ctx.finish();
      this.host.inflight.remove(scope, id, ctx);
    }
  }

  private async dispatch(
    method: string,
    params: Record<string, any> | undefined,
    ctx: RequestContext,
    scope: ClientScope,
    link: ClientLink,
  ): Promise<Record<string, unknown>> {
    const r = this.host.registry;
    const pageSize = this.host.pageSize;
    switch (method) {
      case 'server/discover': {
        const result: Record<string, unknown> = {
          supportedVersions: [...MODERN_VERSIONS],
          capabilities: discoverCapabilities(r, this.offered(r)),
        };
        if (this.host.server.instructions !== undefined) result.instructions = this.host.server.instructions;
        return result;
      }
      case 'tools/list': {
        // 2026-07-28 tools have no `execution`: under the tasks extension the server decides which calls become tasks.
        const listed = listTools(r, params, pageSize, ctx);
        return { ...listed, tools: (listed.tools as Record<string, unknown>[]).map(({ execution, ...tool }) => tool) };
      }
      case 'tools/call': {
        const tool = toolOf(r, params, ctx);
        const mismatch = ctx.headers && paramHeaderMismatch(ctx.headers, tool.inputSchema, objectParam(params, 'arguments') ?? {});
        if (mismatch) throw new RpcError(ErrorCode.HeaderMismatch, mismatch);
        if (isTaskTool(tool)) {
          const asTask = this.extensions.get(TASKS_EXTENSION)?.callTool(tool, params, ctx, link);
          if (asTask !== undefined) return asTask;
          if (tool.execution?.taskSupport === 'required') throw tasksNotOffered(tool.name);
        }
        return runTool(tool, params, ctx);
      }
      case 'prompts/list':
        return listPrompts(r, params, pageSize, ctx);
      case 'prompts/get':
        return getPrompt(r, params, ctx);
      case 'completion/complete':
        return complete(r, params, ctx);
      case 'resources/list':
        return listResources(r, params, pageSize);
      case 'resources/templates/list':
        return listTemplates(r, params, pageSize);
      case 'resources/read':
        return readResource(r, params, ctx);
      case 'subscriptions/listen':
        return this.listen(ctx, params, scope);
    }
    for (const extension of this.extensions.values()) {
      const answered = extension.offered(r) ? extension.answer(method, params, ctx, link) : undefined;
      if (answered !== undefined) return answered;
    }
    const instead = REMOVED[method] ?? (method.startsWith('tasks/') ? this.tasksHint(r) : undefined);
    throw new RpcError(ErrorCode.MethodNotFound, `Method not found: ${method}${instead === undefined ? '' : ` (2026-07-28: ${instead})`}`);
  }

  /** The identifiers of the extensions offered now, for `server/discover`. */
  private offered(registry: Registry): string[] {
    return [...this.extensions].filter(([, extension]) => extension.offered(registry)).map(([id]) => id);
  }

  /** What the -32601 of an unknown `tasks/` method says about the tasks extension on this server. */
  private tasksHint(registry: Registry): string {
    const tasks = this.extensions.get(TASKS_EXTENSION);
    if (tasks === undefined) return 'tasks are an extension this server does not offer';
    return tasks.offered(registry)
      ? 'the tasks extension has tasks/get (with the result inlined), tasks/update and tasks/cancel only'
      : 'tasks are an extension this server offers with tools whose execution.taskSupport is optional or required, and it has none';
  }

  private async listen(ctx: RequestContext, params: Record<string, any> | undefined, scope: ClientScope): Promise<Record<string, unknown>> {
    let open = this.listening.get(scope);
    if (!open) this.listening.set(scope, (open = new Set()));
    open.add(ctx);
    try {
      return await listen(ctx, params, this.host.registry, this.feed, {
        pollIntervalMs: this.pollIntervalMs,
        maxDurationMs: this.maxDurationMs,
      });
    } finally {
      open.delete(ctx);
      if (open.size === 0) this.listening.delete(scope);
    }
  }
}
