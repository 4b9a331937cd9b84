/**
 * The web-guards example as a Cloudflare Worker (bindings SECRET, ADMIN_KEY, ADMIN_NETWORKS; compatibility flag
 * nodejs_compat for contextStorage()). The app is built once per isolate; /admin sees CF-Connecting-IP.
 */
import type { Fw } from 'fw';
import { createApp } from './app';

type Env = Record<'SECRET' | 'ADMIN_KEY' | 'ADMIN_NETWORKS', string>;

let app: Fw | undefined;

export default {
  fetch(request: Request, env: Env, ctx: unknown): Response | Promise<Response> {
    app ??= createApp({ secret: env.SECRET, adminKey: env.ADMIN_KEY, adminNetworks: env.ADMIN_NETWORKS.split(',') });
    return app.fetch(request, env, ctx as never);
  },
};
