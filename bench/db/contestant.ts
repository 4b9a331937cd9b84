/**
 * One contestant of the db bench in its own process: `tsx bench/db/contestant.ts <engine> <fw|raw> <n> <url> [schema]`.
 * Runs `SELECT id, name FROM bench_items WHERE id = ?` n times in sequence after a warm-up, checks every answer,
 * and prints `{ usPerQuery }`.
 */
import { Database } from '../../targets/node/fw';

type Lookup = (id: number) => Promise<{ id: number; name: string } | undefined>;

const [engine, contestant, count, url, schema] = process.argv.slice(2);
const n = Number(count);
const sql = 'SELECT id, name FROM bench_items WHERE id = ?';

async function fwLookup(): Promise<{ lookup: Lookup; close(): Promise<void> }> {
  // The same sqlite driver as the raw contestant (on Node >= 22.5 fw would otherwise pick node:sqlite).
  const driver = engine === 'sqlite' ? 'node-sqlite3-wasm' : undefined;
  const db = new Database({ url, schema: schema || undefined, poolSize: 1, driver });
  return { lookup: async (id) => (await db.query<{ id: number; name: string }>(sql, [id]))[0], close: () => db.close() };
}

async function rawLookup(): Promise<{ lookup: Lookup; close(): Promise<void> }> {
  if (engine === 'sqlite') {
    const wasm = await import('node-sqlite3-wasm');
    const Sqlite = (wasm.default ?? wasm).Database; // a CommonJS package: its classes are on the default export under tsx
    const db = new Sqlite(url.replace(/^file:/, ''));
    const statement = db.prepare(sql);
    return {
      lookup: async (id) => (statement.get([id]) ?? undefined) as { id: number; name: string } | undefined,
      close: async () => {
        statement.finalize();
        db.close();
      },
    };
  }
  if (engine === 'postgres') {
    const { default: postgres } = await import('postgres');
    const pg = postgres(url, { max: 1, connection: { search_path: schema } });
    return {
      lookup: async (id) => (await pg`SELECT id, name FROM bench_items WHERE id = ${id}`)[0] as { id: number; name: string } | undefined,
      close: () => pg.end(),
    };
  }
  const mysql = await import('mysql2/promise');
  const pool = mysql.createPool({ uri: url, connectionLimit: 1 });
  return {
    lookup: async (id) => ((await pool.execute(sql, [id]))[0] as { id: number; name: string }[])[0],
    close: () => pool.end(),
  };
}

const { lookup, close } = contestant === 'fw' ? await fwLookup() : await rawLookup();
const check = async (id: number) => {
  const row = await lookup(id);
  if (!row || Number(row.id) !== id || row.name !== `item ${id}`)
    throw new Error(`${contestant} ${engine}: wrong answer for id ${id}: ${JSON.stringify(row)}`);
};
for (let i = 0; i < Math.min(500, n); i++) await check(1 + (i % 1000));
const started = performance.now();
for (let i = 0; i < n; i++) await lookup(1 + (i % 1000));
const elapsed = performance.now() - started;
await check(1000);
await close();
process.stdout.write(JSON.stringify({ usPerQuery: (elapsed * 1000) / n }));
