import type { RequestContext } from '../request-context';
import type { ToolReturn } from '../types';

const PARTS = Symbol('fw-mcp input before task');

/** The two parts of a handler made with `inputBeforeTask`. */
export interface InputFirstParts<Args, Gathered> {
  gather(args: Args, ctx: RequestContext): Promise<Gathered>;
  work(gathered: Gathered, args: Args, ctx: RequestContext): ToolReturn | Promise<ToolReturn>;
}

/** A tool handler made with `inputBeforeTask`. */
export type InputFirstHandler<Args, Gathered> = ((args: Args, ctx: RequestContext) => Promise<ToolReturn>) & {
  readonly [PARTS]: InputFirstParts<Args, Gathered>;
};

/**
 * A task tool's handler that gathers input before its task starts: under the 2026-07-28 tasks extension, `gather`
 * runs as a multi round-trip `tools/call` (its `ctx.elicit` / `ctx.createMessage` / `ctx.listRoots` answered by
 * InputRequiredResult rounds), and once it returns, the call answers `CreateTaskResult` and `work` runs as the task.
 * Called any other way (no tasks, 2025-11-25 tasks, older clients) it runs `gather` then `work`, as one handler.
 */
export function inputBeforeTask<Args = any, Gathered = unknown>(
  gather: (args: Args, ctx: RequestContext) => Promise<Gathered>,
  work: (gathered: Gathered, args: Args, ctx: RequestContext) => ToolReturn | Promise<ToolReturn>,
): InputFirstHandler<Args, Gathered> {
  const handler = async (args: Args, ctx: RequestContext) => work(await gather(args, ctx), args, ctx);
  return Object.assign(handler, { [PARTS]: { gather, work } });
}

/** The parts of a handler made with `inputBeforeTask`, or undefined for any other handler. */
export function inputFirstParts(handler: unknown): InputFirstParts<any, unknown> | undefined {
  return typeof handler === 'function' ? (handler as Partial<InputFirstHandler<any, unknown>>)[PARTS] : undefined;
}
