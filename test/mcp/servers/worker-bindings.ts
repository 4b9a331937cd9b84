/**
 * A worker whose routes read a KV binding and a secret and hand work to `ctx.waitUntil`, with fw-mcp in front (behind
 * a Bearer token): the routes as route tools, `fw/routes/invoke` and `fw/http-request`, and a tool of its own reading
 * the bindings from its handler context.
 */
import { Fw } from 'fw';
import { worker } from 'fw/worker';
import { createMCPPlugin, mcp } from 'fw-mcp';

/** The bindings the test gives the worker through miniflare. */
interface Env {
  KV: { get(key: string): Promise<string | null>; put(key: string, value: string): Promise<void> };
  SECRET: string;
}

const app = new Fw();

app.get('/notes/:key', async (ctx) => {
  const env = ctx.env as Env;
  return { key: ctx.params.key, value: await env.KV.get(ctx.params.key), secret: env.SECRET };
});

// Writes after the answer: only `ctx.waitUntil` reaching the worker's execution context keeps the write alive.
app.get('/later/:key', (ctx) => {
  const env = ctx.env as Env;
  const key = ctx.params.key;
  const write = new Promise((resolve) => setTimeout(resolve, 300)).then(() => env.KV.put(key, 'written after the answer'));
  ctx.waitUntil(write);
  return { queued: key };
});

const server = mcp(app);
server.addTool({
  name: 'secret-length',
  description: 'The length of the SECRET binding, read from the tool handler context',
  inputSchema: { type: 'object', properties: {} },
  handler: (_args, ctx) => ({ length: (ctx.env as Env).SECRET.length, waitUntil: typeof ctx.executionCtx?.waitUntil }),
});
app.use(createMCPPlugin(server, { authToken: 'bindings-token' }));

export default worker(app);
