// src/server.ts: Node (`fw build --target node --entry src/server.ts`).
import { serve } from 'fw/node';
import { app } from './app.js';

const server = await serve(app, { port: Number(process.env.PORT ?? 3000), hostname: '127.0.0.1' });
console.log(`listening on ${server.url}`);
