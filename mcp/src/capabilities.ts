import { offersTasks } from './methods/tool-tasks';
import type { ClientLink } from './peer';
import type { Registry } from './registry';

/**
 * The capabilities announced to the client of `link`: only what is registered, plus logging. `listChanged` and
 * `resources.subscribe` only where the server can reach the client outside its requests (`link.pushes`: stdio, legacy
 * SSE, a session with a GET stream); `tasks` when a tool takes tasks and `tasks` is on (the tasks extension), with `tasks.list` only when the client has an
 * identity (a session) its tasks can be listed under.
 */
export function serverCapabilities(registry: Registry, link?: ClientLink, tasks = true): Record<string, unknown> {
  const pushes = link?.pushes !== false;
  const changes = pushes ? { listChanged: true } : {};
  const caps: Record<string, unknown> = { logging: {} };
  if (registry.tools.size > 0) caps.tools = changes;
  if (registry.resources.size > 0 || registry.templates.size > 0) caps.resources = pushes ? { subscribe: true, listChanged: true } : {};
  if (registry.prompts.size > 0) caps.prompts = changes;
  if (registry.prompts.size > 0 || registry.templates.size > 0) caps.completions = {};
  if (tasks && offersTasks(registry)) {
    const identified = link === undefined || link.peer.key !== '';
    caps.tasks = identified
      ? { list: {}, cancel: {}, requests: { tools: { call: {} } } }
      : { cancel: {}, requests: { tools: { call: {} } } };
  }
  return caps;
}

/**
 * The capabilities `server/discover` declares (2026-07-28): only what is registered, each with its change
 * notifications and resource subscriptions (a `subscriptions/listen` stream reaches any client), plus logging
 * (per-request levels), and the opt-in extensions offered now under `extensions` (the tasks extension,
 * `extensions["io.modelcontextprotocol/tasks"]`, never the older `tasks` slot, when a tool takes tasks).
 */
export function discoverCapabilities(registry: Registry, extensions: string[] = []): Record<string, unknown> {
  const caps: Record<string, unknown> = { logging: {} };
  if (registry.tools.size > 0) caps.tools = { listChanged: true };
  if (registry.resources.size > 0 || registry.templates.size > 0) caps.resources = { subscribe: true, listChanged: true };
  if (registry.prompts.size > 0) caps.prompts = { listChanged: true };
  if (registry.prompts.size > 0 || registry.templates.size > 0) caps.completions = {};
  if (extensions.length > 0) caps.extensions = Object.fromEntries(extensions.map((id) => [id, {}]));
  return caps;
}
