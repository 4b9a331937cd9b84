// src/bun.ts: Bun (`bun src/bun.ts`).
import { serve } from 'fw/bun';
import { app } from './app.js';

const server = await serve(app, { port: Number(process.env.PORT ?? 3000), hostname: '127.0.0.1' });
console.log(`listening on ${server.url}`);
