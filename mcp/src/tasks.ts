/**
 * `fw-mcp/tasks`: the 2026-07-28 tasks extension (`io.modelcontextprotocol/tasks`), opt-in so a deployment that does
 * not use it does not bundle it: `createMCPServer(app, { extensions: [tasksExtension] })`.
 */
export { tasksExtension } from './tasks/tasks-extension';
export { TASKS_EXTENSION } from './tasks/extension';
export type { MCPExtension } from './modern/extensions';
