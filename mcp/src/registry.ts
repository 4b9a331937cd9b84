import { checkIcons } from './icons';
import { checkCacheHint } from './modern/caching';
import { withScopeMarker } from './auth/scopes';
import { PROVIDER_TOOL_NAME, checkToolNameStyle, providerSafeNames, unsafeNameWarning, type ToolNameStyle } from './tool-names';
import { compileUriTemplate, type UriTemplate } from './uri-template';
import type { MCPPrompt, MCPResource, MCPResourceTemplate, MCPTool, Workflow } from './types';

/** A registered resource template with its compiled matcher. */
export interface TemplateEntry {
  definition: MCPResourceTemplate;
  matcher: UriTemplate;
}

function requireName(kind: string, value: unknown, field = 'name'): string {
  if (typeof value !== 'string' || value === '') throw new TypeError(`A ${kind} needs a non-empty string "${field}"`);
  return value;
}

function requireHandler(kind: string, name: string, handler: unknown): void {
  if (typeof handler !== 'function') throw new TypeError(`The ${kind} "${name}" needs a "handler" function`);
}

function checkExecution(name: string, execution: unknown): void {
  if (execution === undefined) return;
  const support = (execution as { taskSupport?: unknown } | null)?.taskSupport;
  if (
    execution === null ||
    typeof execution !== 'object' ||
    (support !== undefined && support !== 'forbidden' && support !== 'optional' && support !== 'required')
  ) {
    throw new TypeError(`The tool "${name}" needs "execution" as { taskSupport?: "forbidden" | "optional" | "required" }`);
  }
}

/** Who asks for the tool list or calls a tool: whether the endpoint trusts it with the app's internals. */
export interface ToolCaller {
  readonly trusted: boolean;
}

/** Decides, per request, whether a caller may see and call one tool. */
export type ToolAudience = (caller: ToolCaller) => boolean;

/**
 * The server's tools, resources, templates, prompts and workflows, each checked when registered; a definition that
 * declares OAuth `scopes` is kept with them shown in `_meta.securitySchemes`.
 */
export class Registry {
  readonly tools = new Map<string, MCPTool>();
  readonly resources = new Map<string, MCPResource>();
  readonly templates = new Map<string, TemplateEntry>();
  readonly prompts = new Map<string, MCPPrompt>();
  readonly workflows = new Map<string, Workflow>();
  /** Bumped by every `addWorkflow`, so the bridge can tell cheaply whether its workflow tools are current. */
  workflowsVersion = 0;
  /** Tools shown only to some callers (the bridge's runtime and workflow tools), by name; the rest are shown to all. */
  private readonly audiences = new Map<string, ToolAudience>();
  /** Prompts shown only to some callers (the bridge's built-in prompts), by name. */
  private readonly promptAudiences = new Map<string, ToolAudience>();
  /** Registered name -> the name clients see and call, and back (`'provider-safe'` only; rebuilt after a tool change). */
  private clientNames: { out: Map<string, string>; back: Map<string, string> } | null = null;
  /** Tools whose name outside the providers' pattern was already warned about. */
  private readonly warned = new Set<string>();

  constructor(readonly toolNameStyle: ToolNameStyle = 'mcp') {
    checkToolNameStyle(toolNameStyle);
  }

  /** The name clients see for a registered tool: itself, or its provider-safe form with `toolNameStyle: 'provider-safe'`. */
  clientName(name: string): string {
    return this.namesOfClients()?.out.get(name) ?? name;
  }

  /** The registered tool a client names (its listed name), whoever the caller is. */
  toolNamed(clientName: string): MCPTool | undefined {
    return this.tools.get(this.registeredName(clientName));
  }

  private registeredName(clientName: string): string {
    const names = this.namesOfClients();
    return names === null ? clientName : (names.back.get(clientName) ?? '');
  }

  private namesOfClients(): { out: Map<string, string>; back: Map<string, string> } | null {
    if (this.toolNameStyle !== 'provider-safe') return null;
    if (this.clientNames === null) {
      const out = providerSafeNames(this.tools.keys());
      this.clientNames = { out, back: new Map([...out].map(([name, safe]) => [safe, name])) };
    }
    return this.clientNames;
  }

  /** Shows a registered tool only to the callers `audience` accepts (until the tool is added again). */
  restrictTool(name: string, audience: ToolAudience): void {
    if (this.tools.has(name)) this.audiences.set(name, audience);
  }

  /** Whether some tool is shown to some callers only, so tool lists differ by caller. */
  get toolsVaryByCaller(): boolean {
    return this.audiences.size > 0;
  }

  /** The tools a caller may see and call, in registration order. */
  toolsFor(caller: ToolCaller): MCPTool[] {
    const tools = [...this.tools.values()];
    return this.audiences.size === 0 ? tools : tools.filter((tool) => this.audiences.get(tool.name)?.(caller) ?? true);
  }

  /** The tool a client names (its listed name) when the caller may call it. */
  toolFor(clientName: string, caller: ToolCaller): MCPTool | undefined {
    const name = this.registeredName(clientName);
    const tool = this.tools.get(name);
    return tool === undefined || (this.audiences.get(name)?.(caller) ?? true) ? tool : undefined;
  }

  /** Shows a registered prompt only to the callers `audience` accepts (until the prompt is added again). */
  restrictPrompt(name: string, audience: ToolAudience): void {
    if (this.prompts.has(name)) this.promptAudiences.set(name, audience);
  }

  /** Whether some prompt is shown to some callers only, so prompt lists differ by caller. */
  get promptsVaryByCaller(): boolean {
    return this.promptAudiences.size > 0;
  }

  /** The prompts a caller may see and get, in registration order. */
  promptsFor(caller: ToolCaller): MCPPrompt[] {
    const prompts = [...this.prompts.values()];
    return this.promptAudiences.size === 0 ? prompts : prompts.filter((p) => this.promptAudiences.get(p.name)?.(caller) ?? true);
  }

  /** The prompt of that name when the caller may get it. */
  promptFor(name: string, caller: ToolCaller): MCPPrompt | undefined {
    const prompt = this.prompts.get(name);
    return prompt === undefined || (this.promptAudiences.get(name)?.(caller) ?? true) ? prompt : undefined;
  }

  /** Removes a tool and its audience. */
  removeTool(name: string): void {
    if (this.tools.delete(name)) this.clientNames = null;
    this.audiences.delete(name);
  }

  /**
   * Adds or replaces a tool. A tool of the app's own (`own`, the default; the bridge's tools are not) whose name a model
   * provider would refuse is warned about once, unless the server lists provider-safe names.
   */
  addTool(tool: MCPTool, own = true): void {
    const name = requireName('tool', tool?.name);
    requireHandler('tool', name, tool.handler);
    const schema = tool.inputSchema;
    if (
      schema !== undefined &&
      (schema === null || typeof schema !== 'object' || (schema.type !== undefined && schema.type !== 'object'))
    ) {
      throw new TypeError(`The tool "${name}" needs an inputSchema of type "object"`);
    }
    checkIcons(`The tool "${name}"`, tool.icons);
    checkExecution(name, tool.execution);
    if (own && this.toolNameStyle === 'mcp' && !PROVIDER_TOOL_NAME.test(name) && !this.warned.has(name)) {
      this.warned.add(name);
      console.warn(unsafeNameWarning(name));
    }
    if (!this.tools.has(name)) this.clientNames = null;
    this.tools.set(name, withScopeMarker(`The tool "${name}"`, tool));
    this.audiences.delete(name);
  }

  /** Adds or replaces a resource. */
  addResource(resource: MCPResource): void {
    const uri = requireName('resource', resource?.uri, 'uri');
    requireName('resource', resource.name);
    if (resource.handler === undefined && resource.text === undefined && resource.blob === undefined) {
      throw new TypeError(`The resource "${uri}" needs a "handler", "text" or "blob"`);
    }
    checkIcons(`The resource "${uri}"`, resource.icons);
    checkCacheHint(`The resource "${uri}"`, resource.cache);
    this.resources.set(uri, withScopeMarker(`The resource "${uri}"`, resource));
  }

  /** Adds or replaces a resource template. */
  addTemplate(template: MCPResourceTemplate): void {
    const uriTemplate = requireName('resource template', template?.uriTemplate, 'uriTemplate');
    requireName('resource template', template.name);
    requireHandler('resource template', uriTemplate, template.handler);
    checkIcons(`The resource template "${uriTemplate}"`, template.icons);
    checkCacheHint(`The resource template "${uriTemplate}"`, template.cache);
    const definition = withScopeMarker(`The resource template "${uriTemplate}"`, template);
    this.templates.set(uriTemplate, { definition, matcher: compileUriTemplate(uriTemplate) });
  }

  /** Adds or replaces a prompt. */
  addPrompt(prompt: MCPPrompt): void {
    const name = requireName('prompt', prompt?.name);
    requireHandler('prompt', name, prompt.handler);
    if (prompt.arguments !== undefined && (!Array.isArray(prompt.arguments) || prompt.arguments.some((a) => typeof a?.name !== 'string'))) {
      throw new TypeError(`The prompt "${name}" needs "arguments" as a list of { name }`);
    }
    checkIcons(`The prompt "${name}"`, prompt.icons);
    this.prompts.set(name, withScopeMarker(`The prompt "${name}"`, prompt));
    this.promptAudiences.delete(name);
  }

  /** Adds or replaces a workflow definition. */
  addWorkflow(workflow: Workflow): void {
    const name = requireName('workflow', workflow?.name);
    if (!Array.isArray(workflow.steps)) throw new TypeError(`The workflow "${name}" needs a "steps" list`);
    this.workflows.set(name, workflow);
    this.workflowsVersion++;
  }

  /** The first template matching a URI, with the values of its variables. */
  matchTemplate(uri: string): { entry: TemplateEntry; variables: Record<string, string> } | null {
    for (const entry of this.templates.values()) {
      const variables = entry.matcher.match(uri);
      if (variables !== null) return { entry, variables };
    }
    return null;
  }
}
