/**
 * The example app `npm start` serves: routes with params and validation, Workers KV through `workersKV`,
 * D1, vars, cold-start headers, a WebSocket echo and a cron job. It is exported so plugins (the MCP endpoint, for one) can be
 * mounted on it in `index.ts` before the worker is built from it.
 */
import { Fw, NotFoundError, bindDatabaseEnv, createDatabase } from 'fw';
import { routeInfos } from 'fw/core';
import { coldStartHeader } from 'fw/serverless';
import { workersKV } from 'fw/worker';
import type { Env } from './env';
import notesMigration from './migrations/001_notes.sql';

/** One stored note (a type, not an interface, so it fits app.db's row constraint). */
type Note = {
  id: number;
  title: string;
  body: string;
  created_at: string;
};

const noteBody = {
  type: 'object',
  required: ['title'],
  additionalProperties: false,
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 120 },
    body: { type: 'string', maxLength: 4000, default: '' },
  },
};
const noteId = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } };
const kvKey = { type: 'object', required: ['key'], properties: { key: { type: 'string', pattern: '^[A-Za-z0-9_.-]{1,64}$' } } };
const kvPut = { type: 'object', properties: { ttl: { type: 'integer', minimum: 1, maximum: 31536000 } } };

/** The example application: `ctx.env` is `Env` in every handler; `app.db` is the D1 binding `DB`, migrated on first use. */
export const app = new Fw<{ Bindings: Env }>({
  development: false,
  database: createDatabase({ url: 'd1:DB', migrations: { '001_notes.sql': notesMigration }, autoMigrate: true }),
});

// Hands each request's env to app.db, where the D1 binding lives.
app.use(bindDatabaseEnv());

// X-Cold-Start and Server-Timing on every response: which requests hit a fresh isolate.
app.use(coldStartHeader());

app.get('/', (ctx) => ({
  name: ctx.env.APP_NAME,
  routes: routeInfos(ctx.app).map((r) => `${r.method} ${r.path}`),
}));

app.get('/health', async (ctx) => {
  const checks = {
    kv: await workersKV(ctx.env.KV)
      .get('health')
      .then(
        () => true,
        () => false,
      ),
    d1: await ctx.app.db.query<{ ok: number }>('SELECT 1 AS ok').then(
      (rows) => rows[0]?.ok === 1,
      () => false,
    ),
  };
  const healthy = checks.kv && checks.d1;
  return ctx.status(healthy ? 200 : 503).jsonResponse({ status: healthy ? 'healthy' : 'unhealthy', checks });
});

app.get('/hello/:name', (ctx) => ({ message: `${ctx.env.GREETING}, ${ctx.params.name}!` }), {
  schema: { params: { type: 'object', properties: { name: { type: 'string', pattern: '^[A-Za-z][A-Za-z -]{0,39}$' } } } },
});

const users = [
  { id: 1, name: 'Ada Lovelace' },
  { id: 2, name: 'Grace Hopper' },
];

app.get('/users', () => ({ users }), { summary: 'List users' });

app.get(
  '/users/:id',
  (ctx) => {
    const user = users.find((u) => u.id === Number(ctx.params.id));
    if (!user) throw new NotFoundError(`No user ${ctx.params.id}`);
    return user;
  },
  {
    summary: 'One user by id',
    schema: { params: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } } },
  },
);

app.get('/notes', async (ctx) => ({
  notes: await ctx.app.db.query<Note>('SELECT id, title, body, created_at FROM notes ORDER BY id'),
}));

app.post(
  '/notes',
  async (ctx) => {
    const input = await ctx.body<{ title: string; body: string }>();
    const [note] = await ctx.app.db.query<Note>(
      'INSERT INTO notes (title, body, created_at) VALUES (?, ?, ?) RETURNING id, title, body, created_at',
      [input.title, input.body, new Date().toISOString()],
    );
    ctx.setHeader('location', `/notes/${note.id}`);
    return note;
  },
  { status: 201, schema: { body: noteBody } },
);

app.get(
  '/notes/:id',
  async (ctx) => {
    const [note] = await ctx.app.db.query<Note>('SELECT id, title, body, created_at FROM notes WHERE id = ?', [ctx.params.id]);
    if (!note) throw new NotFoundError(`Note ${ctx.params.id} not found`);
    return note;
  },
  { schema: { params: noteId } },
);

app.delete(
  '/notes/:id',
  async (ctx) => {
    const { changes } = await ctx.app.db.execute('DELETE FROM notes WHERE id = ?', [ctx.params.id]);
    if (changes === 0) throw new NotFoundError(`Note ${ctx.params.id} not found`);
    return null;
  },
  { schema: { params: noteId } },
);

app.get('/kv', async (ctx) => ({ keys: await workersKV(ctx.env.KV).list({ prefix: ctx.query.prefix ?? '' }) }));

app.get(
  '/kv/:key',
  async (ctx) => {
    const value = await workersKV(ctx.env.KV).get(ctx.params.key);
    if (value === null) throw new NotFoundError(`Key ${ctx.params.key} not found`);
    return { key: ctx.params.key, value };
  },
  { schema: { params: kvKey } },
);

app.put(
  '/kv/:key',
  async (ctx) => {
    const ttl = ctx.query.ttl === undefined ? undefined : Number(ctx.query.ttl);
    const value = await ctx.bodyText();
    await workersKV(ctx.env.KV).put(ctx.params.key, value, { ttl });
    return { key: ctx.params.key, value, ttl: ttl ?? null };
  },
  { schema: { params: kvKey, query: kvPut } },
);

app.delete(
  '/kv/:key',
  async (ctx) => {
    await workersKV(ctx.env.KV).delete(ctx.params.key);
    return null;
  },
  { schema: { params: kvKey } },
);

app.post(
  '/counters/:key',
  async (ctx) => ({
    key: ctx.params.key,
    value: await workersKV(ctx.env.KV).increment(`counter:${ctx.params.key}`),
  }),
  { schema: { params: kvKey } },
);

app.ws('/ws/echo', {
  open(ws) {
    ws.send('ready');
  },
  message(ws, message) {
    ws.send(message);
  },
});
