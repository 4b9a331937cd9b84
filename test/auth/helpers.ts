/** Small builders shared by the auth tests: Basic credentials and an app answering who was let in. */
import { Fw } from 'fw';
import type { Middleware } from '../../src/core/types';

/** `Basic <base64(user:password)>`, UTF-8 encoded as RFC 7617 says. */
export function basic(username: string, password: string): string {
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}

/** An app with `guard` on `/auth` and below, answering what the guard put on the context, and an open `/open`. */
export function guarded(guard: Middleware): Fw {
  const app = new Fw({ logErrors: false });
  app.use('/auth', guard);
  app.get('/auth/who', (ctx) => ({ user: ctx.basicAuthUser ?? null, token: ctx.bearerToken ?? null, claims: ctx.jwtPayload ?? null }));
  app.get('/open', () => 'open');
  return app;
}
