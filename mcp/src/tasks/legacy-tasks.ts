import { cancelTask, getTask, getTaskResult, listTasks } from '../methods/tasks';
import type { LegacyTasks } from '../modern/extensions';
import type { MCPServer } from '../server';
import { TaskManager } from './manager';
import type { TasksOptions } from './types';

/** 2025-11-25's task-augmented requests of a server, on a `TaskManager` over the `tasks` store: the tasks extension's 2025 part. */
export function legacyTasks(server: MCPServer, options: TasksOptions | undefined): LegacyTasks {
  const tasks = new TaskManager(server, options);
  return {
    start: (link, requestId, meta, ttl, run) => tasks.start(link, requestId, meta, ttl, run),
    answer(method, params, ctx, link, pageSize) {
      switch (method) {
        case 'tasks/get':
          return getTask(tasks, params, link);
        case 'tasks/result':
          return getTaskResult(tasks, params, ctx, link);
        case 'tasks/list':
          return listTasks(tasks, params, link, pageSize);
        case 'tasks/cancel':
          return cancelTask(tasks, params, link);
      }
      return undefined;
    },
  };
}
