import { ErrorCode, RpcError } from '../jsonrpc';
import type { Registry, ToolCaller } from '../registry';
import type { Completer } from '../types';
import { objectParam, stringParam } from './params';

const MAX_VALUES = 100;

function completerFor(registry: Registry, ref: Record<string, any>, argument: string, caller: ToolCaller): Completer | undefined {
  if (ref.type === 'ref/prompt') {
    const name = stringParam(ref, 'name');
    const prompt = registry.promptFor(name, caller);
    if (!prompt) throw new RpcError(ErrorCode.InvalidParams, `Unknown prompt: ${name}`);
    return prompt.complete?.[argument];
  }
  if (ref.type === 'ref/resource') {
    const uri = stringParam(ref, 'uri');
    const template = registry.templates.get(uri);
    if (!template) throw new RpcError(ErrorCode.InvalidParams, `Unknown resource template: ${uri}`);
    return template.definition.complete?.[argument];
  }
  throw new RpcError(ErrorCode.InvalidParams, 'Invalid "ref": expected type "ref/prompt" or "ref/resource"');
}

/** `completion/complete`: asks the completer of the prompt (one this caller may see) or template; at most 100 values, with `total` and `hasMore`. */
export async function complete(
  registry: Registry,
  params: Record<string, any> | undefined,
  caller: ToolCaller,
): Promise<Record<string, unknown>> {
  const ref = objectParam(params, 'ref');
  const argument = objectParam(params, 'argument');
  if (!ref) throw new RpcError(ErrorCode.InvalidParams, 'Missing "ref"');
  if (!argument) throw new RpcError(ErrorCode.InvalidParams, 'Missing "argument"');
  const name = stringParam(argument, 'name');
  const value = typeof argument.value === 'string' ? argument.value : '';
  const completer = completerFor(registry, ref, name, caller);
  const context = objectParam(params, 'context');
  const all = completer ? await completer(value, { arguments: context?.arguments }) : [];
  const values = all.slice(0, MAX_VALUES);
  return { completion: { values, total: all.length, hasMore: all.length > values.length } };
}
