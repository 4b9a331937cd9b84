import { isTaskTool, offersTasks } from '../methods/tool-tasks';
import type { MCPExtension } from '../modern/extensions';
import { TASKS_EXTENSION } from './extension';
import { callTaskTool } from './extension-call';
import { EXTENSION_METHODS, answerTaskMethod } from './extension-methods';
import { ExtensionTasks } from './extension-tasks';
import { legacyTasks } from './legacy-tasks';
import { openTaskStore } from './store';

/**
 * The 2026-07-28 tasks extension (`io.modelcontextprotocol/tasks`, SEP-2663), opt-in: `createMCPServer(app, {
 * extensions: [tasksExtension] })`. Offered while some tool has `execution.taskSupport`: a `tools/call` of such a tool
 * from a client that declares the extension becomes a task in the `tasks` store (the one 2025-11-25 tasks use), and
 * `tasks/get`, `tasks/update` and `tasks/cancel` answer for it. It also brings 2025-11-25's task-augmented requests
 * (`params.task`, `tasks/get`, `tasks/result`, `tasks/list`, `tasks/cancel`) to 2025-era clients. Without it, clients
 * call task tools plainly, and a task-augmented call or a `tasks/` method gets an error naming this import.
 */
export const tasksExtension: MCPExtension = {
  id: TASKS_EXTENSION,
  bind(host) {
    const tasks = new ExtensionTasks(host.server, openTaskStore(host.tasks));
    return {
      offered: offersTasks,
      callTool: (tool, params, ctx, link) => (isTaskTool(tool) ? callTaskTool(tasks, tool, params, ctx, link) : undefined),
      answer: (method, params, ctx, link) =>
        EXTENSION_METHODS.has(method) ? answerTaskMethod(tasks, method, params, ctx, link) : undefined,
      legacy: legacyTasks(host.server, host.tasks),
    };
  },
};
