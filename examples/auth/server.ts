/**
 * Runs the auth example on Node: `npx tsx examples/auth/server.ts`. Configuration from the environment
 * (JWT_SECRET, USERS as `name:passwordHash,…`, API_KEYS as `k1,k2`, JWKS_URL, ISSUER, APP_ORIGIN).
 */
import { serve } from 'fw/node';
import { createApp } from './app';

const env = (name: string, fallback?: string): string => {
  const value = process.env[name] ?? fallback;
  if (value === undefined) throw new Error(`examples/auth: set ${name} (see examples/auth/README.md)`);
  return value;
};

const app = createApp({
  jwtSecret: env('JWT_SECRET'),
  users: env('USERS')
    .split(',')
    .map((entry) => {
      const colon = entry.indexOf(':');
      return { username: entry.slice(0, colon), passwordHash: entry.slice(colon + 1) };
    }),
  apiKeys: env('API_KEYS').split(','),
  jwksUrl: env('JWKS_URL'),
  issuer: env('ISSUER'),
  appOrigin: env('APP_ORIGIN', 'http://localhost:5173'),
});
const server = await serve(app, { port: Number(process.env.PORT ?? 3000), hostname: process.env.HOST ?? '127.0.0.1' });
console.log(`auth example listening on ${server.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void server.stop().then(() => process.exit(0)));
