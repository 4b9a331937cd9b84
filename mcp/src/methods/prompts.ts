import { toPromptResult } from '../content';
import { ErrorCode, RpcError } from '../jsonrpc';
import { paginate } from '../pagination';
import type { RequestContext } from '../request-context';
import type { Registry } from '../registry';
import { describe, objectParam, stringParam } from './params';

const promptFields = ['name', 'title', 'description', 'icons', 'arguments', '_meta'] as const;

/** `prompts/list`: one page of prompt descriptors. */
export function listPrompts(registry: Registry, params: Record<string, any> | undefined, pageSize: number): Record<string, unknown> {
  const page = paginate([...registry.prompts.values()], params?.cursor, pageSize);
  const result: Record<string, unknown> = { prompts: page.items.map((p) => describe(p, promptFields)) };
  if (page.nextCursor) result.nextCursor = page.nextCursor;
  return result;
}

/** `prompts/get`: checks the arguments (strings, required ones present) and renders the messages. */
export async function getPrompt(
  registry: Registry,
  params: Record<string, any> | undefined,
  ctx: RequestContext,
): Promise<Record<string, unknown>> {
  const name = stringParam(params, 'name');
  const prompt = registry.prompts.get(name);
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
