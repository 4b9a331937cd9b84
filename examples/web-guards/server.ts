/**
 * Runs the web-guards example on Node: `SECRET=… ADMIN_KEY=… npx tsx examples/web-guards/server.ts`
 * (ADMIN_NETWORKS as `127.0.0.1,10.0.0.0/8`, default loopback).
 */
import { serve } from 'fw/node';
import { createApp } from './app';

const env = (name: string, fallback?: string): string => {
  const value = process.env[name] ?? fallback;
  if (value === undefined) throw new Error(`examples/web-guards: set ${name} (see examples/web-guards/README.md)`);
  return value;
};

const app = createApp({
  secret: env('SECRET'),
  adminKey: env('ADMIN_KEY'),
  adminNetworks: env('ADMIN_NETWORKS', '127.0.0.1,::1').split(','),
});
const server = await serve(app, { port: Number(process.env.PORT ?? 3000), hostname: process.env.HOST ?? '127.0.0.1' });
console.log(`web-guards example listening on ${server.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void server.stop().then(() => process.exit(0)));
