/**
 * The auth example as a Cloudflare Worker: the app is built once per isolate from the bindings (JWT_SECRET, USERS,
 * API_KEYS, JWKS_URL, ISSUER, APP_ORIGIN as in server.ts), so the JWKS cache lives as long as the isolate.
 */
import type { Fw } from 'fw';
import { createApp } from './app';

type Env = Record<'JWT_SECRET' | 'USERS' | 'API_KEYS' | 'JWKS_URL' | 'ISSUER' | 'APP_ORIGIN', string>;

let app: Fw | undefined;

export default {
  fetch(request: Request, env: Env, ctx: unknown): Response | Promise<Response> {
    app ??= createApp({
      jwtSecret: env.JWT_SECRET,
      users: env.USERS.split(',').map((entry) => ({
        username: entry.slice(0, entry.indexOf(':')),
        passwordHash: entry.slice(entry.indexOf(':') + 1),
      })),
      apiKeys: env.API_KEYS.split(','),
      jwksUrl: env.JWKS_URL,
      issuer: env.ISSUER,
      appOrigin: env.APP_ORIGIN,
    });
    return app.fetch(request, env, ctx as never);
  },
};
