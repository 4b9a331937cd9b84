/** A stateless worker whose tool runs as a task (kept alive with waitUntil after the answer), for the tasks test in workerd. */
import { Fw } from 'fw';
import { worker } from 'fw/worker';
import { createMCPPlugin, createMCPServer } from 'fw-mcp';
import { tasksExtension } from 'fw-mcp/tasks';

const server = createMCPServer(null, {
  name: 'worker-tasks',
  exposeRoutes: false,
  builtinTools: false,
  builtinPrompts: false,
  tasks: { pollIntervalMs: 20 },
  extensions: [tasksExtension],
});
server.addTool<{ ms: number }>({
  name: 'slow_echo',
  description: 'Answers after `ms` milliseconds',
  execution: { taskSupport: 'optional' },
  inputSchema: { type: 'object', properties: { ms: { type: 'integer' } }, required: ['ms'] },
  handler: async ({ ms }) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return `waited ${ms} ms`;
  },
});

const app = new Fw();
void app.plugin(createMCPPlugin(server));

export default worker(app);
