import type { CoreFw } from 'fw';
import type { BridgeTool } from '../bridge/bridge-tool';
import { toJSONSafe } from '../bridge/bridge-tool';
import { jsonResult, toolError } from '../bridge/json-result';
import type { ToolResult } from '../bridge/route-tool-call';
import type { RouteToolContext } from '../bridge/route-tools';
import { workflowInputSchema } from './input-schema';
import { runWorkflow } from './run-workflow';
import type { Workflow } from '../workflow-definition';
import type { RunWorkflowOptions, WorkflowRun } from './types';

/** Progress and log callbacks of one tool call, handed over by the MCP server. */
export interface WorkflowCallContext extends RouteToolContext {
  onProgress?: RunWorkflowOptions['onProgress'];
  log?: RunWorkflowOptions['log'];
}

/** A run as a tool result: output and step reports, or `isError` naming the failing step. */
export function runResult(run: WorkflowRun): ToolResult {
  if (run.ok) return jsonResult(toJSONSafe({ workflow: run.workflow, output: run.output ?? null, steps: run.steps }));
  const result = jsonResult(toJSONSafe(run));
  return {
    content: [
      { type: 'text', text: `Workflow ${run.workflow} failed at step ${run.error!.step}: ${run.error!.message}` },
      ...result.content,
    ],
    isError: true,
  };
}

/**
 * Tools for workflows: one tool per workflow, plus `fw/workflow/list` and `fw/workflow/run`; `clientName` gives the name
 * a client calls a tool by, for the texts that name one.
 */
export function workflowTools(
  workflows: () => Workflow[],
  app: () => CoreFw | null,
  allowMutation: boolean,
  clientName: (name: string) => string = (name) => name,
): BridgeTool[] {
  const run = (workflow: Workflow, input: Record<string, unknown>, ctx?: WorkflowCallContext): Promise<ToolResult> =>
    runWorkflow(workflow, input, {
      app: app(),
      allowMutation,
      appHost: ctx?.headers?.get('host') ?? undefined,
      signal: ctx?.signal,
      caller: ctx?.caller,
      onProgress: ctx?.onProgress,
      log: ctx?.log,
    }).then(runResult);
  const perWorkflow = workflows().map<BridgeTool>((workflow) => ({
    name: workflow.name,
    description: workflow.description,
    inputSchema: workflowInputSchema(workflow),
    annotations: {
      title: workflow.name,
      readOnlyHint: !workflow.steps.some((s) => s.type === 'http'),
      openWorldHint: (workflow.allowedOrigins?.length ?? 0) > 0,
    },
    handler: (args, ctx) => run(workflow, args, ctx as WorkflowCallContext),
  }));
  return [
    ...perWorkflow,
    {
      name: 'fw/workflow/list',
      description: 'Lists the workflows with their input schemas, step types and the tool that runs each.',
      inputSchema: { type: 'object', properties: {} },
      annotations: { title: 'fw/workflow/list', readOnlyHint: true, openWorldHint: false },
      handler: async () =>
        jsonResult({
          workflows: workflows().map((w) => ({
            name: w.name,
            tool: clientName(w.name),
            description: w.description,
            input: workflowInputSchema(w),
            steps: w.steps.map((s, i) => s.name ?? `${i + 1}:${s.type}`),
            allowedOrigins: w.allowedOrigins ?? [],
          })),
        }),
    },
    {
      name: 'fw/workflow/run',
      description: 'Runs a workflow by name with its input; progress is reported after each step.',
      inputSchema: { type: 'object', properties: { name: { type: 'string' }, input: { type: 'object' } }, required: ['name'] },
      annotations: { title: 'fw/workflow/run', readOnlyHint: false, openWorldHint: true },
      handler: async (args, ctx) => {
        const workflow = workflows().find((w) => w.name === args.name);
        if (!workflow) return toolError(`No workflow named "${String(args.name)}"; ${clientName('fw/workflow/list')} shows them`);
        return run(workflow, (args.input ?? {}) as Record<string, unknown>, ctx as WorkflowCallContext);
      },
    },
  ];
}
