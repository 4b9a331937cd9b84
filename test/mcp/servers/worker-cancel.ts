/**
 * A stateless worker for the cancellation test in workerd: the `wait` tool announces itself with a progress event,
 * then runs until `ctx.signal` aborts (or `ms` pass). /a/mcp and /b/mcp are two endpoints with their own servers and
 * in-flight tables, sharing only a Durable Object KV (binding FW_KV), as two isolates would; /local/mcp has no store.
 */
import { env } from 'cloudflare:workers';
import { Fw } from 'fw';
import { createMCPPlugin, createMCPServer } from 'fw-mcp';
import { durableObjectKV, FwKVObject, worker, type DurableObjectNamespaceLike } from 'fw/worker';

export { FwKVObject };

const store = durableObjectKV(() => env.FW_KV as DurableObjectNamespaceLike, { name: 'mcp-cancel' });

function waitingServer() {
  const server = createMCPServer(null, { name: 'worker-cancel', exposeRoutes: false, builtinTools: false, builtinPrompts: false });
  server.addTool<{ ms?: number }>({
    name: 'wait',
    description: 'Waits until cancelled',
    inputSchema: { type: 'object', properties: { ms: { type: 'integer' } } },
    handler: ({ ms = 10_000 }, ctx) =>
      new Promise((resolve) => {
        const timer = setTimeout(() => resolve('not cancelled'), ms);
        ctx.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve(`cancelled: ${String(ctx.signal.reason)}`);
        });
        ctx.notifyProgress(0, 1, 'started');
      }),
  });
  return server;
}

const app = new Fw();
void app.plugin(createMCPPlugin(waitingServer(), { path: '/a/mcp', cancellation: { store, pollIntervalMs: 50 } }));
void app.plugin(createMCPPlugin(waitingServer(), { path: '/b/mcp', cancellation: { store, pollIntervalMs: 50 } }));
void app.plugin(createMCPPlugin(waitingServer(), { path: '/local/mcp' }));

export default worker(app);
