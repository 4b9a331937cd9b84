// src/app.ts: the notes service on Node, Bun and Lambda, on PostgreSQL with the migrations of migrations/.
import type { LambdaEnv } from 'fw/lambda';
import { createNotesApp } from './notes.js';

export const app = createNotesApp({
  database: {
    url: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/notes',
    schema: process.env.DATABASE_SCHEMA,
    autoMigrate: true,
  },
  token: () => process.env.API_TOKEN,
  runtime: (ctx) => {
    const lambda = ctx.env as Partial<LambdaEnv> | undefined;
    if (lambda?.event) {
      const { requestId } = lambda.event.requestContext as { requestId?: string };
      return { target: 'lambda', requestId, function: lambda.context?.functionName };
    }
    return { target: process.versions.bun ? 'bun' : 'node' };
  },
});

export default app;
