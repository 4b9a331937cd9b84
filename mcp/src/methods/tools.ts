import type { ValidationError } from 'fw';
import type { SchemaCheck } from '../schema-check';
import { isAsyncIterable, toBlock, toToolResult } from '../content';
import { ErrorCode, RpcError } from '../jsonrpc';
import { paginate } from '../pagination';
import type { RequestContext } from '../request-context';
import type { Registry, ToolCaller } from '../registry';
import type { CallToolResult, ContentBlock, MCPTool } from '../types';
import { describe, objectParam, stringParam } from './params';

const anyObject = { type: 'object' } as const;
const listedFields = ['name', 'title', 'description', 'icons', 'inputSchema', 'outputSchema', 'execution', 'annotations', '_meta'] as const;

/** Fields of a tool as `tools/list` shows it. */
export function toolDescriptor(tool: MCPTool): Record<string, unknown> {
  const listed = describe(tool, listedFields);
  if (listed.inputSchema === undefined) listed.inputSchema = anyObject;
  return listed;
}

/** `tools/list`: one page of the descriptors of the tools this caller may see, each under the name clients call it by. */
export function listTools(
  registry: Registry,
  params: Record<string, any> | undefined,
  pageSize: number,
  caller: ToolCaller,
): Record<string, unknown> {
  const page = paginate(registry.toolsFor(caller), params?.cursor, pageSize);
  const tools = page.items.map((tool) => ({ ...toolDescriptor(tool), name: registry.clientName(tool.name) }));
  const result: Record<string, unknown> = { tools };
  if (page.nextCursor) result.nextCursor = page.nextCursor;
  return result;
}

function describeErrors(errors: ValidationError[]): string {
  return errors.map((e) => `${e.path || '(root)'}: ${e.message}`).join('; ');
}

async function collectStream(stream: AsyncIterable<unknown>, ctx: RequestContext): Promise<CallToolResult> {
  const content: ContentBlock[] = [];
  for await (const value of stream) {
    if (ctx.cancelled) break;
    const block = toBlock(value);
    content.push(block);
    ctx.sendNotification('notifications/content', { requestId: ctx.requestId, index: content.length - 1, content: block });
    ctx.notifyProgress(content.length, undefined, block.type === 'text' ? block.text : `${block.type} block`);
  }
  return { content };
}

/** The name a `tools/call` called the tool by (what the client lists, with `toolNameStyle: 'provider-safe'` too). */
function calledName(tool: MCPTool, params: Record<string, any> | undefined): string {
  return typeof params?.name === 'string' ? params.name : tool.name;
}

function checkOutput(tool: MCPTool, name: string, result: CallToolResult, validate: SchemaCheck): void {
  if (tool.outputSchema === undefined || result.isError) return;
  if (result.structuredContent === undefined) {
    throw new RpcError(ErrorCode.InternalError, `The tool "${name}" declares an outputSchema but returned no structuredContent`);
  }
  const checked = validate(tool.outputSchema, result.structuredContent);
  if (!checked.valid) {
    throw new RpcError(
      ErrorCode.InternalError,
      `The tool "${name}" returned output that does not match its outputSchema: ${describeErrors(checked.errors)}`,
      { errors: checked.errors },
    );
  }
}

/** The tool a `tools/call` names (by its listed name); an unknown tool, or one this caller may not see, is -32602. */
export function toolOf(registry: Registry, params: Record<string, any> | undefined, caller: ToolCaller): MCPTool {
  const name = stringParam(params, 'name');
  const tool = registry.toolFor(name, caller);
  if (!tool) throw new RpcError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
  return tool;
}

/**
 * Runs a `tools/call`: validates the arguments, runs the handler (streaming if it yields), checks the output.
 * Arguments that fail the input schema are a tool execution error (`isError: true` naming the path, SEP-1303), so a
 * model can correct itself; the handler does not run.
 */
export async function runTool(tool: MCPTool, params: Record<string, any> | undefined, ctx: RequestContext): Promise<CallToolResult> {
  const args = objectParam(params, 'arguments') ?? {};
  const validate = ctx.server.checkSchema;
  const checked = validate(tool.inputSchema ?? anyObject, args);
  if (!checked.valid) {
    return {
      content: [{ type: 'text', text: `Invalid arguments for tool "${calledName(tool, params)}": ${describeErrors(checked.errors)}` }],
      isError: true,
    };
  }
  let result: CallToolResult;
  try {
    const value = await tool.handler(args, ctx);
    result = isAsyncIterable(value) ? await collectStream(value, ctx) : toToolResult(value);
  } catch (error) {
    if (error instanceof RpcError) throw error;
    return { content: [{ type: 'text', text: error instanceof Error ? error.message : String(error) }], isError: true };
  }
  checkOutput(tool, calledName(tool, params), result, validate);
  return result;
}
