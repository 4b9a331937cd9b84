/**
 * The auth example: Basic credentials buy a short-lived JWT (`POST /token`), the JWT opens `/api` (behind CORS and a
 * partner API key), and `/sso` accepts tokens of an OpenID provider whose keys come from its JWKS.
 */
import { Fw } from 'fw';
import { basicAuth } from 'fw/basic-auth';
import { bearerAuth } from 'fw/bearer-auth';
import { cors } from 'fw/cors';
import { jwk } from 'fw/jwk';
import { jwt } from 'fw/jwt';
import { SignJWT } from 'jose';

declare module 'fw/jwt' {
  interface JwtClaims {
    role?: 'admin' | 'reader';
  }
}

/** What the app needs from its environment. */
export interface AuthExampleConfig {
  /** HS256 secret of the tokens this app signs (at least 32 characters). */
  jwtSecret: string;
  /** `{ username, passwordHash }` accounts (hashes from `hashPassword()` of fw/basic-auth). */
  users: { username: string; passwordHash: string }[];
  /** API keys of partner apps calling `/api`. */
  apiKeys: string[];
  /** The OpenID provider's JWKS URL and issuer, for `/sso`. */
  jwksUrl: string;
  issuer: string;
  /** The browser app allowed to call `/api`. */
  appOrigin: string;
}

const issuer = 'fw-auth-example';

/** Builds the example app from its configuration. */
export function createApp(config: AuthExampleConfig): Fw {
  const secret = new TextEncoder().encode(config.jwtSecret);
  const app = new Fw();
  app.use(cors({ origin: [config.appOrigin], allowedHeaders: ['authorization', 'x-api-key', 'content-type'] }));

  app.use('/token', basicAuth({ users: config.users, realm: 'fw auth example' }));
  app.post('/token', async (ctx) => ({
    token: await new SignJWT({ role: 'reader' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(ctx.basicAuthUser)
      .setIssuer(issuer)
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(secret),
  }));

  app.use('/api', bearerAuth({ token: config.apiKeys, headerName: 'x-api-key', prefix: '' }));
  app.use('/api', jwt({ secret, alg: 'HS256', issuer, clockTolerance: 5 }));
  app.get('/api/me', (ctx) => ({ user: ctx.jwtPayload.sub, role: ctx.jwtPayload.role }));

  app.use('/sso', jwk({ jwksUrl: config.jwksUrl, alg: ['RS256', 'ES256'], issuer: config.issuer }));
  app.get('/sso/me', (ctx) => ({ user: ctx.jwtPayload.sub, issuer: ctx.jwtPayload.iss }));
  return app;
}
