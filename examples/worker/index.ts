/** The example worker's entry (wrangler.toml `main`): plugins are mounted on `app` here, before `worker(app)`. */
import { worker } from 'fw/worker';
import { createMCPPlugin, mcp } from 'fw-mcp';
import { app } from './app';
import { mountChat, rooms } from './chat';
import { recordCron } from './cron';
import type { Env } from './env';

// A chat whose rooms are Durable Objects (ROOMS): every WebSocket route of the app is then served by FwRoom objects.
mountChat(app);

// The app's MCP server at /mcp, behind the Bearer token in the MCP_TOKEN secret (`wrangler secret put MCP_TOKEN`;
// `npm start` passes a local one): its routes as tools, plus fw/serverless/status and the other runtime tools.
const server = mcp(app, { name: 'fw-example-worker', instructions: 'The fw example worker: notes in D1, keys in KV, users.' });
app.use(createMCPPlugin(server, { authToken: (ctx) => (ctx.env as Env).MCP_TOKEN }));

// The Durable Object classes wrangler.toml binds (FW_KV, FW_RATE_LIMIT): the worker entry must export them.
export { FwKVObject, FwRateLimitObject } from 'fw/worker';
// ROOMS: the chat's rooms (and every WebSocket route of the app).
export { FwRoom } from 'fw/worker';

export default worker(app, { scheduled: recordCron, rooms });
