import { runTool } from '../methods/tools';
import type { ClientLink } from '../peer';
import type { RequestContext } from '../request-context';
import type { MCPTool } from '../types';
import { declaresTasks, missingTasksExtension } from './extension';
import type { ExtensionTasks } from './extension-tasks';
import { inputFirstParts } from './input-first';

/**
 * A 2026-07-28 `tools/call` of a tool with `execution.taskSupport` (the server decides, the client only declares the
 * extension): a task when the request declares `io.modelcontextprotocol/tasks`, else a plain call for an `optional`
 * tool and -32021 for a `required` one. A handler made with `inputBeforeTask` first gathers its input in round trips.
 */
export async function callTaskTool(
  tasks: ExtensionTasks,
  tool: MCPTool,
  params: Record<string, any> | undefined,
  ctx: RequestContext,
  link: ClientLink,
): Promise<Record<string, unknown>> {
  if (!declaresTasks(ctx.peer)) {
    if (tool.execution?.taskSupport === 'required')
      throw missingTasksExtension(`The tool "${String(params?.name)}" runs only as a task (its execution.taskSupport is "required")`);
    return runTool(tool, params, ctx);
  }
  const parts = inputFirstParts(tool.handler);
  if (parts === undefined) return tasks.start(link, ctx.requestId, ctx.meta, ctx.peer, (taskCtx) => runTool(tool, params, taskCtx));
  let gathered: unknown;
  const gathering: MCPTool = {
    ...tool,
    outputSchema: undefined,
    handler: async (args, gatherCtx) => {
      gathered = await parts.gather(args, gatherCtx);
    },
  };
  const first = await runTool(gathering, params, ctx);
  // Arguments the input schema refuses, or a gather that threw: the tool error, and no task.
  if (first.isError === true) return first;
  const working: MCPTool = { ...tool, handler: (args, taskCtx) => parts.work(gathered, args, taskCtx) };
  return tasks.start(link, ctx.requestId, ctx.meta, ctx.peer, (taskCtx) => runTool(working, params, taskCtx));
}
