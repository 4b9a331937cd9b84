/**
 * Route tools behind the app's own bearer guard, over stdio: the desktop client's config sets `API_TOKEN` in the
 * server's environment, and every in-process call of the tools carries it as `Authorization: Bearer …`.
 *
 *   APP_TOKEN=s3cret API_TOKEN=s3cret npx tsx examples/mcp-stdio/guarded-server.ts
 *
 * `APP_TOKEN` stands for the app's own secret (from wherever the app reads it); `API_TOKEN` is the token the MCP
 * client presents, checked by the guard like any HTTP client's.
 */
import { Fw } from 'fw';
import { mcp, StdioTransport } from 'fw-mcp';

/** The app: a public `/health` and an `/admin` group behind a guard that accepts `Bearer <appToken>`. */
export function createGuardedApp(appToken: string): Fw {
  const app = new Fw();
  app.get('/health', () => ({ ok: true }), { summary: 'Liveness' });
  app.group('/admin', (admin) => {
    admin.use((ctx, next) =>
      ctx.header('authorization') === `Bearer ${appToken}`
        ? next()
        : ctx.jsonResponse({ error: 'Unauthorized', code: 'UNAUTHORIZED' }, 401),
    );
    admin.get('/stats', () => ({ users: 2, admins: 1 }), { summary: 'Admin statistics' });
  });
  return app;
}

/** Reads a variable the entry needs, failing at startup with where to set it (an unset one would make every call 401). */
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: add it to the "env" of this server in your MCP client's config`);
  return value;
}

const app = createGuardedApp(required('APP_TOKEN'));
await mcp(app, { name: 'fw-guarded-app' }).start(new StdioTransport({ headers: { authorization: `Bearer ${required('API_TOKEN')}` } }));
