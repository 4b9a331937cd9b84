/** The example worker's entry (wrangler.toml `main`): plugins are mounted on `app` here, before `worker(app)`. */
import { worker } from 'fw/worker';
import { createMCPPlugin, mcp } from 'fw-mcp';
import { app } from './app';
import { mountChat, rooms } from './chat';
import { recordCron } from './cron';
import type { Env } from './env';

// A chat whose rooms are Durable Objects (ROOMS): every WebSocket route of the app is then served by FwRoom objects.
mountChat(app);

// The app's MCP server at /mcp: its routes as tools, plus fw/serverless/status and the other runtime tools.
app.use(createMCPPlugin(mcp(app, { name: 'fw-example-worker', instructions: 'The fw example worker: notes in D1, keys in KV, users.' })));

// The Durable Object classes wrangler.toml binds (FW_KV, FW_RATE_LIMIT): the worker entry must export them.
export { FwKVObject, FwRateLimitObject } from 'fw/worker';
// ROOMS: the chat's rooms (and every WebSocket route of the app).
export { FwRoom } from 'fw/worker';

export default worker<Env>(app, { scheduled: recordCron, rooms });
