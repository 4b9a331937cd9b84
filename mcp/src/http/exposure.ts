import type { Context, CoreFw } from 'fw';
import { appConfigInfo } from 'fw/core';
import { isLoopbackName } from './loopback';

interface ServingEnv {
  incoming?: { socket?: { server?: { address?: () => unknown } } };
  server?: { hostname?: unknown };
}

/**
 * The host this deployment answers on: the address the Node server is bound to (seen through the request's socket,
 * so `serve()` and `app.listen()` alike), Bun's server hostname, `app.getAppConfig().hostname` after `listen()`
 * elsewhere, and on workers, Lambda and in process the host of the request's URL.
 */
function servingHost(ctx: Context, app: CoreFw): string {
  const env = (ctx.env ?? {}) as ServingEnv;
  const bound = env.incoming?.socket?.server?.address?.();
  if (typeof bound === 'object' && bound !== null && typeof (bound as { address?: unknown }).address === 'string')
    return (bound as { address: string }).address;
  if (typeof env.server?.hostname === 'string') return env.server.hostname;
  if (env.incoming !== undefined) return appConfigInfo(app).hostname;
  return new URL(ctx.request.url).hostname;
}

/**
 * Returns a check for the first MCP request: when the endpoint is served on a host other than loopback and
 * neither `oauth`, `authToken` nor `authorize` protects it, it warns once, saying how to protect it. The runtime tools
 * are hidden from such callers anyway (see caller-trust.ts); the route tools answer as the routes' own guards allow.
 */
export function exposureCheck(endpoint: string, protectedByAuth: boolean): (ctx: Context, app: CoreFw) => void {
  let checked = protectedByAuth;
  return (ctx, app) => {
    if (checked) return;
    checked = true;
    const host = servingHost(ctx, app);
    if (isLoopbackName(host)) return;
    console.warn(
      `[fw-mcp] The MCP endpoint ${endpoint} is served on ${host} without authentication: anyone who can reach it can call its route tools ` +
        '(the runtime tools and workflows are shown only to authenticated and loopback callers). ' +
        'Protect it with oauth (access tokens from your authorization server), authToken (a Bearer token) or authorize(ctx) in the plugin options, or listen on 127.0.0.1.',
    );
  };
}
