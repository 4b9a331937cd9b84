/** Runs the example on Bun: `npx bun run examples/bun/server.ts` (PORT and HOST from the environment). */
import { serve } from 'fw/bun';
import { createApp } from '../node/app';

const { app } = createApp();
const server = await serve(app, { port: Number(process.env.PORT ?? 3000), hostname: process.env.HOST ?? '127.0.0.1' });
console.log(`fw listening on ${server.url} (chat: ${server.url.replace(/^http/, 'ws')}/chat/lobby?name=you)`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void server.stop().then(() => process.exit(0)));
