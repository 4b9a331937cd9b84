/**
 * One contestant of the db bench in its own process, kept running for its generation:
 * `tsx bench/db/contestant.ts <engine> <fw|raw> <url> [schema]` connects, pins the server's process or thread serving
 * its connection to core 0 (postgres, mysql; this process runs on core 1, so every contestant meets the same
 * placement), warms up with 3000 checked lookups and prints `{ ready, pinned }`. Then each stdin line `run <n>` runs
 * `SELECT id, name FROM bench_items WHERE id = ?` n times in sequence, checks the last answer and prints
 * `{ usPerQuery }`. fw is the built package (`fw` resolved through bench/tsconfig.dist.json).
 */
import { execFileSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { Database } from 'fw';

type Lookup = (id: number) => Promise<{ id: number; name: string } | undefined>;

/** The query that names the server-side process (postgres) or thread (MariaDB/MySQL) serving this connection. */
const backendQuery: Record<string, string> = {
  postgres: 'SELECT pg_backend_pid() AS pid',
  mysql: 'SELECT TID AS pid FROM information_schema.PROCESSLIST WHERE ID = CONNECTION_ID()',
};

const [engine, contestant, url, schema] = process.argv.slice(2);
const sql = 'SELECT id, name FROM bench_items WHERE id = ?';

/** A contestant: its lookup, the id of the server process or thread behind its one connection (null on sqlite), and close. */
interface Contestant {
  lookup: Lookup;
  backend(): Promise<number | null>;
  close(): Promise<void>;
}

async function fwLookup(): Promise<Contestant> {
  // The same sqlite driver as the raw contestant (on Node >= 22.5 fw would otherwise pick node:sqlite).
  const driver = engine === 'sqlite' ? 'node-sqlite3-wasm' : undefined;
  const db = new Database({ url, schema: schema || undefined, poolSize: 1, driver });
  return {
    lookup: async (id) => (await db.query<{ id: number; name: string }>(sql, [id]))[0],
    backend: async () => (engine === 'sqlite' ? null : Number((await db.query<{ pid: number }>(backendQuery[engine]))[0].pid)),
    close: () => db.close(),
  };
}

async function rawLookup(): Promise<Contestant> {
  if (engine === 'sqlite') {
    const wasm = await import('node-sqlite3-wasm');
    const Sqlite = (wasm.default ?? wasm).Database; // a CommonJS package: its classes are on the default export under tsx
    const db = new Sqlite(url.replace(/^file:/, ''));
    const statement = db.prepare(sql);
    return {
      lookup: async (id) => (statement.get([id]) ?? undefined) as { id: number; name: string } | undefined,
      backend: async () => null,
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
      backend: async () => Number((await pg.unsafe(backendQuery.postgres))[0].pid),
      close: () => pg.end(),
    };
  }
  const mysql = await import('mysql2/promise');
  const pool = mysql.createPool({ uri: url, connectionLimit: 1 });
  return {
    lookup: async (id) => ((await pool.execute(sql, [id]))[0] as { id: number; name: string }[])[0],
    backend: async () => Number(((await pool.query(backendQuery.mysql))[0] as { pid: number }[])[0].pid),
    close: () => pool.end(),
  };
}

/** Pins the server side of the connection to core 0; false where it cannot (no taskset, not allowed, sqlite). */
function pinBackend(pid: number | null): boolean {
  if (pid === null) return false;
  try {
    execFileSync('taskset', ['-pc', '0', String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const { lookup, backend, close } = contestant === 'fw' ? await fwLookup() : await rawLookup();
const check = async (id: number) => {
  const row = await lookup(id);
  if (!row || Number(row.id) !== id || row.name !== `item ${id}`)
    throw new Error(`${contestant} ${engine}: wrong answer for id ${id}: ${JSON.stringify(row)}`);
};
const pinned = pinBackend(await backend());
for (let i = 0; i < 3000; i++) await check(1 + (i % 1000));
console.log(JSON.stringify({ ready: true, pinned }));
for await (const line of createInterface({ input: process.stdin })) {
  const n = Number(line.split(' ')[1]);
  const started = performance.now();
  for (let i = 0; i < n; i++) await lookup(1 + (i % 1000));
  const elapsed = performance.now() - started;
  await check(1 + (n % 1000));
  console.log(JSON.stringify({ usPerQuery: (elapsed * 1000) / n }));
}
await close();
