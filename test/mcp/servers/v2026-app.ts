/**
 * The app of the 2026-07-28 tests: the matrix app (users API, route and runtime tools, built-in prompts, one docs
 * resource) plus what that version changes: a tool that asks the user twice (elicitation round trips), one that
 * samples, one that lists roots, and a counter resource whose `bump` tool publishes `notifications/resources/updated`.
 */
import type { Fw, KVStore } from 'fw';
import { createMCPPlugin, mcp, type MCPServer } from 'fw-mcp';
import { createApp } from '../../../examples/mcp-stdio/app';
import { guide } from './matrix-app';

/** The requestState secret every instance of the test app shares (so a retry may reach any of them). */
export const stateSecret = 'v2026-shared-request-state-secret';

/** Options of the test app: its requestState secret, the store listening streams share, their poll interval and longest duration. */
export interface V2026Options {
  secret?: string;
  store?: KVStore;
  pollIntervalMs?: number;
  maxDurationMs?: number;
}

/** The MCP server of the 2026-07-28 tests, bound to `app`. */
export function v2026Server(app: Fw, options: V2026Options = {}): MCPServer {
  const server = mcp(app, {
    name: 'fw-2026',
    version: '2.0.0',
    // Client interop on every target (workers and Lambda have no loopback peer): runtime tools for every caller.
    exposeRuntimeTools: 'public',
    docs: { 'users-guide.md': guide },
    requestState: { secret: options.secret ?? stateSecret },
    subscriptions: { store: options.store, pollIntervalMs: options.pollIntervalMs ?? 50, maxDurationMs: options.maxDurationMs },
  });
  let counter = 0;
  server.addResource({ uri: 'app://counter', name: 'counter', mimeType: 'application/json', handler: () => JSON.stringify({ counter }) });
  server.addTool({
    name: 'bump',
    description: 'Adds one to app://counter and tells its listeners',
    handler: async () => {
      counter++;
      return { counter, listeners: await server.publish({ uri: 'app://counter' }) };
    },
  });
  server.addTool<{ id: string }>({
    name: 'delete_user',
    description: 'Deletes a user once the person at the keyboard confirms and signs',
    inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
    handler: async ({ id }, ctx) => {
      const confirm = await ctx.elicit({
        message: `Delete user ${id}?`,
        requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
      });
      if (confirm.action !== 'accept' || confirm.content?.confirm !== true) return { deleted: false };
      const signed = await ctx.elicit({
        message: 'Who confirms?',
        requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      });
      return { deleted: true, id, by: signed.content?.name };
    },
  });
  server.addTool<{ text: string }>({
    name: 'summarize',
    description: "Summarizes a text with the client's model",
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    handler: async ({ text }, ctx) => {
      const answer = await ctx.createMessage({
        messages: [{ role: 'user', content: { type: 'text', text: `Summarize: ${text}` } }],
        maxTokens: 50,
      });
      return { summary: answer.content?.text, model: answer.model };
    },
  });
  server.addTool({
    name: 'roots',
    description: "The client's roots",
    handler: async (_args, ctx) => ({ roots: (await ctx.listRoots()).roots }),
  });
  return server;
}

/** The example app with the 2026-07-28 test server mounted at /mcp. */
export function v2026App(options: V2026Options = {}): Fw {
  const app = createApp();
  app.use(createMCPPlugin(v2026Server(app, options)));
  return app;
}
