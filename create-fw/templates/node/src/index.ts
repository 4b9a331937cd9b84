/** The Node server (`npm start` runs its bundle; `npm run dev` serves src/app.ts with reload instead). */
import { serve } from 'fw/node';
import { app } from './app.js';

const server = await serve(app, { port: Number(process.env.PORT ?? 3000), hostname: process.env.HOST ?? '127.0.0.1' });
console.log(`listening on ${server.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void server.stop().then(() => process.exit(0)));
