/**
 * A small notes app behind a signed-cookie login, guarded by fw's web middleware: csrf() tokens bound to the user,
 * a timeout() whose signal reaches the slow store, ipRestriction() or an admin key (some()) on /admin, except() for
 * the public health check, and contextStorage() so the audit log finds the request without a ctx parameter.
 */
import { Fw, UnauthorizedError, type Middleware } from 'fw';
import { every, except, some } from 'fw/combine';
import { contextStorage } from 'fw/context-storage';
import { getSignedCookie, setSignedCookie } from 'fw/cookie';
import { csrf, csrfToken } from 'fw/csrf';
import { ipRestriction } from 'fw/ip-restriction';
import { timeout } from 'fw/timeout';

/** What the app is configured with (from the environment on Node, bindings on a worker). */
export interface GuardsConfig {
  /** Signs the login cookie and the CSRF tokens (32 random characters or more; a list rotates). */
  secret: string;
  /** Networks allowed into /admin without the admin key. */
  adminNetworks: string[];
  adminKey: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Builds the app; every guard checks its options here, at startup. */
export function createApp(config: GuardsConfig): Fw {
  const requestContext = contextStorage();
  const notes: { user: string; text: string }[] = [];
  const audit: string[] = [];
  /** Called far from any handler: the request comes from the context storage. */
  const record = (action: string) => {
    const ctx = requestContext.getContext();
    audit.push(`${ctx.state.user ?? 'anonymous'} ${action} ${ctx.method} ${ctx.path}`);
  };
  /** A store that takes its time, and stops when the request's signal aborts. */
  const slowStore = (ms: number, signal?: AbortSignal) =>
    new Promise<typeof notes>((resolve, reject) => {
      const timer = setTimeout(() => resolve(notes), ms);
      signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(signal.reason);
      });
    });

  const currentUser: Middleware = async (ctx, next) => {
    const user = await getSignedCookie(ctx, config.secret, 'user', 'host');
    ctx.state.user = user || undefined;
    return next();
  };
  const signedIn = (ctx: { state: Record<string, unknown> }) => {
    if (ctx.state.user === undefined) throw new UnauthorizedError('Sign in first');
    return true;
  };
  const adminKey: Middleware = (ctx, next) => {
    if (ctx.header('x-admin-key') !== config.adminKey) throw new UnauthorizedError('Admin key required');
    return next();
  };

  return new Fw({ logErrors: false })
    .use(requestContext)
    .use(currentUser)
    .use(except('/health', csrf({ token: { secret: config.secret, bind: (ctx) => ctx.state.user } })))
    .use('/api', timeout(1_000, { status: 503 }))
    .use('/admin', some(ipRestriction({ allow: config.adminNetworks }), adminKey))
    .use('/notes', every(signedIn))
    .get('/health', () => ({ ok: true }))
    .get('/', async (ctx) =>
      ctx.html(
        `<form method="post" action="/notes"><input type="hidden" name="_csrf" value="${await csrfToken(ctx)}">` +
          `<input name="text"><button>Add</button></form>`,
      ),
    )
    .post('/login', async (ctx) => {
      const name = new URLSearchParams(await ctx.bodyText()).get('name')?.trim();
      if (!name) throw new UnauthorizedError('Give a name');
      await setSignedCookie(ctx, 'user', name, config.secret, { prefix: 'host', httpOnly: true, sameSite: 'lax' });
      ctx.state.user = name;
      record('signed in');
      return { user: name };
    })
    .post('/notes', async (ctx) => {
      const text = new URLSearchParams(await ctx.bodyText()).get('text') ?? '';
      notes.push({ user: ctx.state.user as string, text });
      record('added a note');
      return ctx.html(`<p>Saved: ${escapeHtml(text)}</p>`, 201);
    })
    .get('/api/notes', async (ctx) => slowStore(Number(ctx.query.delay ?? 10), ctx.signal))
    .get('/admin/audit', () => audit);
}
