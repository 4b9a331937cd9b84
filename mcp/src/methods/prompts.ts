import { toPromptResult } from '../content';
import { ErrorCode, RpcError } from '../jsonrpc';
import { paginate } from '../pagination';
import type { RequestContext } from '../request-context';
import type { Registry, ToolCaller } from '../registry';
import { describe, objectParam, stringParam } from './params';

const promptFields = ['name', 'title', 'description', 'icons', 'arguments', '_meta'] as const;

/** `prompts/list`: one page of the descriptors of the prompts this caller may see. */
export function listPrompts(
  registry: Registry,
  params: Record<string, any> | undefined,
  pageSize: number,
  caller: ToolCaller,
): Record<string, unknown> {
  const page = paginate(registry.promptsFor(caller), params?.cursor, pageSize);
  const result: Record<string, unknown> = { prompts: page.items.map((p) => describe(p, promptFields)) };
  if (page.nextCursor) result.nextCursor = page.nextCursor;
  return result;
}

/** `prompts/get` (of a prompt this caller may see): checks the arguments (strings, required ones present) and renders the messages. */
export async function getPrompt(
  registry: Registry,
  params: Record<string, any> | undefined,
  ctx: RequestContext,
): Promise<Record<string, unknown>> {
  const name = stringParam(params, 'name');
  const prompt = registry.promptFor(name, ctx);
  if (!prompt) throw new RpcError(ErrorCode.InvalidParams, `Unknown prompt: ${name}`);
  const args = objectParam(params, 'arguments') ?? {};
  for (const key in args) {
    if (typeof args[key] !== 'string') throw new RpcError(ErrorCode.InvalidParams, `Prompt argument "${key}" must be a string`);
  }
  const missing = (prompt.arguments ?? []).filter((a) => a.required && args[a.name] === undefined).map((a) => a.name);
  if (missing.length > 0)
    throw new RpcError(
      ErrorCode.InvalidParams,
      `Missing required argument${missing.length > 1 ? 's' : ''} for prompt "${name}": ${missing.join(', ')}`,
    );
  return toPromptResult(prompt.description, await prompt.handler(args, ctx));
}
