import type { JSONSchema } from 'fw';
import type { MCPExtension } from './modern/extensions';
import type { SubscriptionsOptions } from './modern/listen';
import type { RequestStateOptions } from './modern/request-state';
import type { RequestContext } from './request-context';
import type { TasksOptions } from './tasks/types';
import type { ToolNameStyle } from './tool-names';
import type { Workflow } from './workflow-definition';

export type { RequestStateOptions, SubscriptionsOptions, TasksOptions, Workflow };

/** How long a 2026-07-28 client may reuse a resource's contents (`ttlMs`) and whether shared caches may (`public`). */
export interface CacheHint {
  ttlMs: number;
  scope: 'public' | 'private';
}

/** An icon a client may show (2025-11-25): an https:, http: or data: URL, with optional MIME type, sizes and theme. */
export interface Icon {
  src: string;
  mimeType?: string;
  /** `"48x48"`-style sizes, or `"any"` for scalable images. */
  sizes?: string[];
  theme?: 'light' | 'dark';
}

/** How a tool takes part in task-augmented calls: `forbidden` (default), `optional` or `required`. */
export interface ToolExecution {
  taskSupport?: 'forbidden' | 'optional' | 'required';
}

/** Optional hints about a content block's audience and importance. */
export interface Annotations {
  audience?: ('user' | 'assistant')[];
  priority?: number;
  lastModified?: string;
}

/** A resource's contents as text. */
export interface TextResourceContents {
  uri: string;
  mimeType?: string;
  text: string;
  _meta?: Record<string, unknown>;
}

/** A resource's contents as base64 bytes. */
export interface BlobResourceContents {
  uri: string;
  mimeType?: string;
  blob: string;
  _meta?: Record<string, unknown>;
}

/** Text or binary resource contents. */
export type ResourceContents = TextResourceContents | BlobResourceContents;

/** The content blocks tools and prompts return. */
export type ContentBlock =
  | { type: 'text'; text: string; annotations?: Annotations; _meta?: Record<string, unknown> }
  | { type: 'image'; data: string; mimeType: string; annotations?: Annotations; _meta?: Record<string, unknown> }
  | { type: 'audio'; data: string; mimeType: string; annotations?: Annotations; _meta?: Record<string, unknown> }
  | { type: 'resource'; resource: ResourceContents; annotations?: Annotations; _meta?: Record<string, unknown> }
  | {
      type: 'resource_link';
      uri: string;
      name: string;
      title?: string;
      description?: string;
      mimeType?: string;
      size?: number;
      annotations?: Annotations;
      _meta?: Record<string, unknown>;
    };

/** What `tools/call` answers. */
export interface CallToolResult {
  content: ContentBlock[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  _meta?: Record<string, unknown>;
  [extra: string]: unknown;
}

/** Hints about a tool's behaviour (all advisory). */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/**
 * What a tool handler may return: a full result, content blocks, a string (one text block), an object
 * (structured content plus its JSON as text), or an async iterable of blocks streamed as they are produced.
 */
export type ToolReturn =
  | CallToolResult
  | ContentBlock
  | ContentBlock[]
  | string
  | Record<string, unknown>
  | AsyncIterable<ContentBlock | string>
  | undefined;

/** A tool: validated input, a handler, optional output schema and annotations. */
export interface MCPTool<Args = any> {
  name: string;
  title?: string;
  description: string;
  icons?: Icon[];
  /** JSON Schema of the arguments (default: an object with any properties); validated before the handler runs. */
  inputSchema?: JSONSchema;
  /** JSON Schema of `structuredContent`; results are checked against it. */
  outputSchema?: JSONSchema;
  annotations?: ToolAnnotations;
  /** Task support (2025-11-25): with `optional` or `required` clients may call it as a task (see `tasks`). */
  execution?: ToolExecution;
  /** OAuth scopes a token needs to call it (with `oauth` on the HTTP plugin); listed in `_meta.securitySchemes`. */
  scopes?: string[];
  _meta?: Record<string, unknown>;
  handler(args: Args, ctx: RequestContext): ToolReturn | Promise<ToolReturn>;
}

/** What a resource handler may return: text, bytes, one or several contents records. */
export type ResourceReturn =
  | string
  | Uint8Array
  | ArrayBuffer
  | ResourceContents
  | ResourceContents[]
  | { text: string; mimeType?: string }
  | { blob: string; mimeType?: string };

/** A fixed resource: a URI, a name, and either constant contents or a handler. */
export interface MCPResource {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
  icons?: Icon[];
  annotations?: Annotations;
  _meta?: Record<string, unknown>;
  /** 2026-07-28 caching of `resources/read` (default: the server's `cacheTtlMs` and public for constant contents, 0 and private with a handler). */
  cache?: CacheHint;
  /** Constant text contents (used when there is no handler). */
  text?: string;
  /** Constant binary contents, base64 (used when there is no handler). */
  blob?: string;
  /** OAuth scopes a token needs to read or subscribe to it (with `oauth` on the HTTP plugin); listed in `_meta.securitySchemes`. */
  scopes?: string[];
  handler?(uri: string, ctx: RequestContext): ResourceReturn | Promise<ResourceReturn>;
}

/** Suggests values for one argument from what the user typed so far. */
export type Completer = (value: string, context: { arguments?: Record<string, string> }) => string[] | Promise<string[]>;

/** A family of resources addressed by an RFC 6570 level 1 template such as `file:///{path}`. */
export interface MCPResourceTemplate {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  icons?: Icon[];
  annotations?: Annotations;
  _meta?: Record<string, unknown>;
  /** Completers per template variable, for `completion/complete`. */
  complete?: Record<string, Completer>;
  /** 2026-07-28 caching of `resources/read` of the URIs it matches (default: 0 and private). */
  cache?: CacheHint;
  /** OAuth scopes a token needs to read its resources or complete its variables (with `oauth` on the HTTP plugin); listed in `_meta.securitySchemes`. */
  scopes?: string[];
  handler(uri: string, variables: Record<string, string>, ctx: RequestContext): ResourceReturn | Promise<ResourceReturn>;
}

/** One declared prompt argument. */
export interface PromptArgument {
  name: string;
  title?: string;
  description?: string;
  required?: boolean;
}

/** One message of a prompt. */
export interface PromptMessage {
  role: 'user' | 'assistant';
  content: ContentBlock;
}

/** What a prompt handler may return: messages, a string (one user message), or a full result. */
export type PromptReturn = string | PromptMessage[] | { description?: string; messages: PromptMessage[] };

/** A prompt template with declared arguments. */
export interface MCPPrompt {
  name: string;
  title?: string;
  description?: string;
  icons?: Icon[];
  arguments?: PromptArgument[];
  _meta?: Record<string, unknown>;
  /** Completers per argument, for `completion/complete`. */
  complete?: Record<string, Completer>;
  /** OAuth scopes a token needs to get it or complete its arguments (with `oauth` on the HTTP plugin); listed in `_meta.securitySchemes`. */
  scopes?: string[];
  handler(args: Record<string, string>, ctx: RequestContext): PromptReturn | Promise<PromptReturn>;
}

/** Live subsystems the runtime tools read; each falls back to the app state key `fw:<name>` when not given. */
export interface RuntimeBridgeOptions {
  /** A RoomManager: `rooms()`, `presence(room)`, `connections()`. */
  rooms?: { rooms(): unknown; presence(room: string): unknown; connections(): unknown };
  /** A HotReloader: `status()`, `trigger()`, `modules()`. */
  hotReloader?: { status(): unknown; trigger(): unknown; modules(): unknown };
  /** Static site output: the paths, and a renderer for one path. */
  ssg?: { paths: string[] | (() => string[] | Promise<string[]>); render?(path: string): unknown };
  /** A rate limiter exposing `metrics()` (current RPS, limits, buckets). */
  rateLimiter?: { metrics(): unknown };
  /** A circuit-breaker registry (default: the process-wide one of `fw`). */
  circuitBreakers?: { list(): Array<{ name: string; metrics(): unknown }>; metrics(): unknown; reset(name: string): boolean };
  /** Produces the app's OpenAPI document. */
  openapi?: () => unknown;
  /** Reads this instance's cold-start statistics (default: `getColdStartStats` of `fw/serverless`). */
  coldStart?: () => { invocations: number; target: string };
}

/** Options of `createMCPServer` / `mcp`. */
export interface MCPServerOptions {
  name?: string;
  version?: string;
  /** Display name in `serverInfo` (2025-11-25). */
  title?: string;
  /** What the server does, in `serverInfo.description` (2025-11-25). */
  description?: string;
  /** Icons of the server, in `serverInfo.icons` (2025-11-25). */
  icons?: Icon[];
  /** The server's web site, in `serverInfo.websiteUrl` (2025-11-25). */
  websiteUrl?: string;
  instructions?: string;
  /** The version offered when the client asks for one we do not speak (default 2025-06-18). */
  protocolVersion?: string;
  tools?: MCPTool[];
  resources?: MCPResource[];
  resourceTemplates?: MCPResourceTemplate[];
  prompts?: MCPPrompt[];
  workflows?: Workflow[];
  /** A folder of markdown files served as `docs://<slug>` (Node and Bun). */
  docsDir?: string;
  /** Markdown documents by slug, served as `docs://<slug>` (every platform: import them on workers). */
  docs?: Record<string, string>;
  runtime?: RuntimeBridgeOptions;
  /** Items per page of the list methods (default 50). */
  pageSize?: number;
  /**
   * How tools are named to clients: `'mcp'` (default) as registered (`fw/routes/list`); `'provider-safe'` every tool
   * (runtime, workflow, route and your own) within `^[a-zA-Z0-9_-]{1,64}$`, the names OpenAI's and Anthropic's tool
   * APIs accept (`fw_routes_list`), called by those names.
   */
  toolNameStyle?: ToolNameStyle;
  /** Expose mutating runtime tools (default false). */
  allowMutation?: boolean;
  /** Expose the bound app's routes as tools (default true). */
  exposeRoutes?: boolean;
  /** Add the built-in runtime tools, built-in workflows and workflow tools (default true). */
  builtinTools?: boolean;
  /** Add the six built-in prompts (default true). */
  builtinPrompts?: boolean;
  /** Request headers of an MCP call passed on to every in-process call its tool makes, e.g. `['authorization']` (default none). */
  forwardHeaders?: string[];
  /**
   * Who sees the runtime tools, built-in workflows, workflow tools and built-in prompts: `'trusted'` (default)
   * callers authenticated at the HTTP endpoint (`authToken`, `oauth`, `authorize`), on loopback, or over stdio;
   * `'public'` anyone who can reach the endpoint (shows the app's internals to strangers).
   */
  exposeRuntimeTools?: 'trusted' | 'public';
  /** In-process calls one tool call or workflow run may make (default 32). */
  maxInProcessCalls?: number;
  /** Milliseconds one in-process call may take, its response body included (default 30000). */
  inProcessTimeoutMs?: number;
  /**
   * OAuth scopes of what the bridge registers at run time (runtime tools, workflow tools, built-in prompts), by name or
   * by a prefix ending in `*`: `{ 'fw/state/set': ['ops:admin'], 'fw/*': ['ops:read'] }` (the exact name wins, then the
   * longest prefix). An exact name that is no built-in item fails when the app is bound.
   */
  builtinScopes?: Record<string, string[]>;
  /** Task-augmented `tools/call` for tools with `execution.taskSupport`: store, lifetimes, poll interval. */
  tasks?: TasksOptions;
  /**
   * Opt-in 2026-07-28 extensions, e.g. `[tasksExtension]` from `fw-mcp/tasks` (tasks for 2026-07-28 clients, in the
   * `tasks` store); a server without one does not bundle its code.
   */
  extensions?: MCPExtension[];
  /** Milliseconds a server-to-client request waits for its answer (default 60000; 2025-11-25 and older). */
  requestTimeoutMs?: number;
  /** 2026-07-28: how input requests (elicitation, sampling, roots) carry their state through the client between rounds. */
  requestState?: RequestStateOptions;
  /** 2026-07-28: `subscriptions/listen` streams (store shared by the instances, poll interval, longest duration). */
  subscriptions?: SubscriptionsOptions;
  /** 2026-07-28: `ttlMs` of lists, `server/discover` and constant resources (default 60000). */
  cacheTtlMs?: number;
  debug?: boolean;
}
