// src/worker.ts: `fw build --target worker --entry src/worker.ts`; D1 for the notes, KV and a secret for the settings.
import { worker } from 'fw/worker';
import { createNotesApp } from './notes.js';

/** The bindings of wrangler.toml: D1 `DB`, KV `SETTINGS`, the secret `API_TOKEN`. */
interface Env {
  API_TOKEN?: string;
  SETTINGS: { get(key: string): Promise<string | null> };
}

const migrations = {
  '001_notes.sql':
    "CREATE TABLE notes (id INTEGER PRIMARY KEY AUTOINCREMENT, text TEXT NOT NULL);\nINSERT INTO notes (text) VALUES ('from a migration');\n",
};

export const app = createNotesApp({
  database: { url: 'd1:DB', migrations, autoMigrate: true },
  token: (ctx) => (ctx.env as Env | undefined)?.API_TOKEN,
  runtime: async (ctx) => ({ target: 'worker', motd: await (ctx.env as Env).SETTINGS.get('motd') }),
});

export default worker(app);
