import { validateAndCoerce } from 'fw';
import { workflowInputSchema } from './input-schema';
import { send } from './send';
import { inProcessCaller } from '../bridge/in-process-call';
import type { Computed, HttpStep, Workflow, WorkflowStep } from '../workflow-definition';
import type { RunWorkflowOptions, StepReport, WorkflowRun } from './types';

function compute<T>(value: Computed<T>, input: Record<string, unknown>, prev: unknown): T {
  return typeof value === 'function' ? (value as (i: Record<string, unknown>, p: unknown) => T)(input, prev) : value;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason ?? new Error('aborted'));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason ?? new Error('aborted'));
      },
      { once: true },
    );
  });
}

async function runHttp(
  step: HttpStep,
  input: Record<string, unknown>,
  prev: unknown,
  workflow: Workflow,
  options: RunWorkflowOptions,
): Promise<unknown> {
  const result = await send(
    {
      url: compute(step.url, input, prev),
      method: step.method === undefined ? 'GET' : compute(step.method, input, prev),
      headers: step.headers ? compute(step.headers, input, prev) : undefined,
      body: step.body === undefined ? undefined : compute(step.body, input, prev),
    },
    workflow,
    options,
  );
  return step.transform ? step.transform(result) : result;
}

async function runStep(
  step: WorkflowStep,
  input: Record<string, unknown>,
  prev: unknown,
  workflow: Workflow,
  options: RunWorkflowOptions,
): Promise<unknown> {
  switch (step.type) {
    case 'http':
      return runHttp(step, input, prev, workflow, options);
    case 'code':
      return step.run(input, prev, { request: (init) => send(init, workflow, options), log: (level, data) => options.log?.(level, data) });
    case 'delay':
      await sleep(step.ms, options.signal);
      return prev;
    case 'log':
      options.log?.(step.level ?? 'info', compute(step.message, input, prev));
      return prev;
    case 'result':
      return step.value === undefined ? prev : compute(step.value, input, prev);
    default:
      throw new Error(`unknown step type "${(step as { type?: unknown }).type}"`);
  }
}

/** Checks a workflow definition, so a malformed one fails on registration rather than mid-run. */
export function assertWorkflow(workflow: Workflow): void {
  if (!workflow || typeof workflow.name !== 'string' || !workflow.name) throw new TypeError('A workflow needs a non-empty "name"');
  if (!Array.isArray(workflow.steps) || workflow.steps.length === 0)
    throw new TypeError(`Workflow "${workflow.name}" needs at least one step`);
  workflow.steps.forEach((step, i) => {
    const type = (step as { type?: unknown })?.type;
    if (!['http', 'code', 'delay', 'log', 'result'].includes(String(type)))
      throw new TypeError(`Workflow "${workflow.name}" step ${i + 1}: unknown type "${String(type)}"`);
    if (step.type === 'code' && typeof step.run !== 'function')
      throw new TypeError(`Workflow "${workflow.name}" step ${i + 1}: a code step needs run()`);
    if (step.type === 'delay' && !(Number.isFinite(step.ms) && step.ms >= 0))
      throw new TypeError(`Workflow "${workflow.name}" step ${i + 1}: a delay step needs ms >= 0`);
    if (step.type === 'http' && step.url === undefined)
      throw new TypeError(`Workflow "${workflow.name}" step ${i + 1}: an http step needs url`);
  });
}

/**
 * Runs a workflow: validates the input, then runs the steps in order, each receiving the previous output;
 * a failing step stops the run and is named in the result. Progress is reported after every step.
 */
export async function runWorkflow(
  workflow: Workflow,
  input: Record<string, unknown> = {},
  given: RunWorkflowOptions = {},
): Promise<WorkflowRun> {
  // One caller for the whole run: its in-process calls share one budget.
  const options = given.caller === undefined ? { ...given, caller: inProcessCaller({ signal: given.signal }) } : given;
  const checked = validateAndCoerce<Record<string, unknown>>(workflowInputSchema(workflow), input ?? {});
  if (!checked.valid) {
    const first = checked.errors[0];
    return {
      workflow: workflow.name,
      ok: false,
      error: { step: 'input', index: -1, message: `invalid input: ${first.path || '/'} ${first.message}` },
      steps: [],
    };
  }
  const steps: StepReport[] = [];
  const total = workflow.steps.length;
  let prev: unknown;
  for (let index = 0; index < total; index++) {
    const step = workflow.steps[index];
    const name = step.name ?? `${index + 1}:${step.type}`;
    const started = performance.now();
    try {
      if (options.signal?.aborted) throw options.signal.reason ?? new Error('aborted');
      prev = await runStep(step, checked.value, prev, workflow, options);
      steps.push({ index, name, type: step.type, ok: true, durationMs: performance.now() - started });
      options.onProgress?.(index + 1, total, `step ${name} done`);
      if (step.type === 'result') return { workflow: workflow.name, ok: true, output: prev, steps };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      steps.push({ index, name, type: step.type, ok: false, durationMs: performance.now() - started, error: message });
      return { workflow: workflow.name, ok: false, error: { step: name, index, message }, steps };
    }
  }
  return { workflow: workflow.name, ok: true, output: prev, steps };
}
