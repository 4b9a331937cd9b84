import type { ClientLink } from '../peer';
import type { RequestContext } from '../request-context';
import type { TaskManager } from '../tasks/manager';
import { stringParam } from './params';

/** `tasks/get`: the state of one of the client's tasks; an unknown, expired or foreign id is -32602. */
export async function getTask(
  tasks: TaskManager,
  params: Record<string, any> | undefined,
  link: ClientLink,
): Promise<Record<string, unknown>> {
  return { ...(await tasks.get(link, stringParam(params, 'taskId'))) };
}

/** `tasks/result`: waits for the task to end, then answers its request's result or error. */
export function getTaskResult(
  tasks: TaskManager,
  params: Record<string, any> | undefined,
  ctx: RequestContext,
  link: ClientLink,
): Promise<Record<string, unknown>> {
  return tasks.result(link, stringParam(params, 'taskId'), ctx.signal);
}

/** `tasks/list`: one page of the client's tasks (clients with a session only). */
export function listTasks(
  tasks: TaskManager,
  params: Record<string, any> | undefined,
  link: ClientLink,
  pageSize: number,
): Promise<Record<string, unknown>> {
  return tasks.list(link, params?.cursor, pageSize);
}

/** `tasks/cancel`: cancels one of the client's running tasks; a final one is -32602. */
export async function cancelTask(
  tasks: TaskManager,
  params: Record<string, any> | undefined,
  link: ClientLink,
): Promise<Record<string, unknown>> {
  return { ...(await tasks.cancel(link, stringParam(params, 'taskId'))) };
}
