/** Runs the SSE example on Node: `npx tsx examples/sse/server.ts`, then open http://127.0.0.1:3000/ (PORT and HOST from the environment). */
import { serve } from 'fw/node';
import { createApp } from './app';

const server = await serve(createApp(), { port: Number(process.env.PORT ?? 3000), hostname: process.env.HOST ?? '127.0.0.1' });
console.log(`fw SSE clock on ${server.url}/ (events at ${server.url}/events)`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void server.stop().then(() => process.exit(0)));
