// src/notes.ts: the notes service, the same on every target; each entry gives it its database and bindings.
import {
  bindDatabaseEnv,
  cors,
  Fw,
  healthCheck,
  NotFoundError,
  openapi,
  rateLimitMiddleware,
  securityHeaders,
  UnauthorizedError,
  type Context,
  type DatabaseConfig,
} from 'fw';
import { createMCPPlugin, mcp } from 'fw-mcp';
import { z } from 'zod';

/** A row of the notes table. */
export type Note = { id: number; text: string };

/** What an entry gives the service. */
export interface NotesOptions {
  database: DatabaseConfig;
  /** The bearer token of /api and /mcp, read per request (a worker secret, or an environment variable). */
  token: (ctx: Context) => string | undefined;
  /** Where this deployment runs, read from its bindings (KV on a worker, the event on Lambda). */
  runtime: (ctx: Context) => Record<string, unknown> | Promise<Record<string, unknown>>;
}

const newNote = {
  type: 'object',
  required: ['text'],
  properties: { text: { type: 'string', minLength: 1, maxLength: 500 } },
  additionalProperties: false,
} as const;

const noteEdit = z.object({ text: z.string().min(1).max(500) });

/** The notes API: public /health and /openapi, a bearer-guarded /api group, MCP at /mcp. */
export function createNotesApp(options: NotesOptions) {
  const app = new Fw({ database: options.database })
    .use(bindDatabaseEnv())
    .use(securityHeaders())
    .use(cors({ origin: ['https://notes.example'], maxAge: 600 }))
    .use(rateLimitMiddleware({ max: 1000, windowMs: 60_000 }))
    .group('/api', (api) =>
      api
        .use((ctx, next) => {
          const token = options.token(ctx);
          if (!token || ctx.header('authorization') !== `Bearer ${token}`) throw new UnauthorizedError('A bearer token is required');
          return next();
        })
        .get('/notes', (ctx) => ctx.app.db.query<Note>('SELECT id, text FROM notes ORDER BY id'), { summary: 'All notes' })
        .get(
          '/notes/:id',
          async (ctx) => {
            const [note] = await ctx.app.db.query<Note>('SELECT id, text FROM notes WHERE id = ?', [Number(ctx.params.id)]);
            if (!note) throw new NotFoundError(`No note ${ctx.params.id}`);
            return note;
          },
          { summary: 'One note' },
        )
        .post(
          '/notes',
          async (ctx) => {
            const { text } = await ctx.body();
            const [note] = await ctx.app.db.query<Note>('INSERT INTO notes (text) VALUES (?) RETURNING id, text', [text]);
            return ctx.status(201) && note;
          },
          { summary: 'Add a note', schema: { body: newNote } },
        )
        .put(
          '/notes/:id',
          async (ctx) => {
            const { text } = await ctx.body();
            const [note] = await ctx.app.db.query<Note>('UPDATE notes SET text = ? WHERE id = ? RETURNING id, text', [
              text,
              Number(ctx.params.id),
            ]);
            if (!note) throw new NotFoundError(`No note ${ctx.params.id}`);
            return note;
          },
          { summary: 'Edit a note', schema: { body: noteEdit } },
        )
        .get('/archive', (ctx) => ctx.app.db.query<Note>('SELECT id, text FROM notes_archive'), { summary: 'Archived notes' })
        .get('/runtime', (ctx) => options.runtime(ctx), { summary: 'Where this deployment runs' }),
    );
  app.use(healthCheck({ checks: { database: async () => (await app.db.query('SELECT 1 AS ok')).length === 1 } }));
  app.use(openapi({ title: 'Notes', version: '1.0.0', securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } }));
  app.use(createMCPPlugin(mcp(app, { name: 'notes', forwardHeaders: ['authorization'] }), { authToken: (ctx) => options.token(ctx) }));
  return app;
}
