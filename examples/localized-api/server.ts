/** Runs the localized-api example on Node: `npx tsx examples/localized-api/server.ts` (PORT, HOST). */
import { serve } from 'fw/node';
import { createApp } from './app';

const server = await serve(await createApp(), { port: Number(process.env.PORT ?? 3000), hostname: process.env.HOST ?? '127.0.0.1' });
console.log(`localized-api example listening on ${server.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void server.stop().then(() => process.exit(0)));
