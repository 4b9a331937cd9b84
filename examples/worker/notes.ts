/** The notes table of the example, in D1: created on first use in each isolate. */
import type { D1Like } from './env';

/** One stored note. */
export interface Note {
  id: number;
  title: string;
  body: string;
  created_at: string;
}

const ready = new WeakMap<D1Like, Promise<unknown>>();

/** Creates the notes table once per isolate and database (idempotent, so concurrent isolates are fine). */
export function notesTable(db: D1Like): Promise<D1Like> {
  let pending = ready.get(db);
  if (!pending) {
    pending = db
      .prepare('CREATE TABLE IF NOT EXISTS notes (id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL, body TEXT NOT NULL, created_at TEXT NOT NULL)')
      .run();
    pending.catch(() => ready.delete(db));
    ready.set(db, pending);
  }
  return pending.then(() => db);
}
