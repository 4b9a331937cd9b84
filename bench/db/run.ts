/**
 * Overhead of app.db against the bare driver on each engine: the same prepared point lookup, each contestant in
 * its own process, 3 rounds in alternating order, answers checked before timing. Writes bench/.out/db.json.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Database } from '../../targets/node/fw';
import type { BenchResult, BenchRow } from '../lib/result';

const here = import.meta.dirname;
const rounds = 3;
const pg = process.env.FW_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const my = process.env.FW_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';

interface Target {
  engine: 'sqlite' | 'postgres' | 'mysql';
  url: string;
  schema?: string;
  queries: number;
  cleanup(): Promise<void>;
}

async function fill(db: Database): Promise<void> {
  await db.execute('CREATE TABLE bench_items (id INTEGER NOT NULL PRIMARY KEY, name VARCHAR(50) NOT NULL)');
  const rows = Array.from({ length: 1000 }, (_, i) => ({
    sql: 'INSERT INTO bench_items (id, name) VALUES (?, ?)',
    params: [i + 1, `item ${i + 1}`],
  }));
  await db.batch(rows);
}

async function targets(): Promise<Target[]> {
  const dir = mkdtempSync(join(tmpdir(), 'fw-bench-db-'));
  const file = `file:${join(dir, 'bench.db')}`;
  const lite = new Database({ url: file });
  await fill(lite);
  await lite.close();
  const schema = `fw_bench_${process.pid}`;
  const pgAdmin = new Database({ url: pg });
  await pgAdmin.execute(`CREATE SCHEMA ${schema}`);
  const pgDb = new Database({ url: pg, schema });
  await fill(pgDb);
  await pgDb.close();
  const myAdmin = new Database({ url: my });
  await myAdmin.execute(`CREATE DATABASE ${schema}`);
  const myUrl = new URL(my);
  myUrl.pathname = `/${schema}`;
  const myDb = new Database({ url: myUrl.toString() });
  await fill(myDb);
  await myDb.close();
  return [
    { engine: 'sqlite', url: file, queries: 50_000, cleanup: async () => rmSync(dir, { recursive: true, force: true }) },
    {
      engine: 'postgres',
      url: pg,
      schema,
      queries: 5_000,
      cleanup: async () => {
        await pgAdmin.execute(`DROP SCHEMA ${schema} CASCADE`);
        await pgAdmin.close();
      },
    },
    {
      engine: 'mysql',
      url: myUrl.toString(),
      queries: 5_000,
      cleanup: async () => {
        await myAdmin.execute(`DROP DATABASE ${schema}`);
        await myAdmin.close();
      },
    },
  ];
}

function runOne(target: Target, contestant: 'fw' | 'raw'): number {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(here, 'contestant.ts'), target.engine, contestant, String(target.queries), target.url, target.schema ?? ''],
    { encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`${contestant} on ${target.engine} failed: ${run.stderr}`);
  return (JSON.parse(run.stdout) as { usPerQuery: number }).usPerQuery;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const spread = (xs: number[]) => `${Math.min(...xs).toFixed(1)}-${Math.max(...xs).toFixed(1)}`;

const rows: BenchRow[] = [];
const list = await targets();
try {
  for (const target of list) {
    const times: Record<'fw' | 'raw', number[]> = { fw: [], raw: [] };
    for (let round = 0; round < rounds; round++) {
      const order: ('fw' | 'raw')[] = round % 2 === 0 ? ['fw', 'raw'] : ['raw', 'fw'];
      for (const c of order) times[c].push(runOne(target, c));
    }
    const fw = median(times.fw);
    const raw = median(times.raw);
    const driver = target.engine === 'sqlite' ? 'node-sqlite3-wasm' : target.engine === 'postgres' ? 'postgres' : 'mysql2';
    rows.push({
      case: `${target.engine} point lookup`,
      contestant: 'fw app.db',
      median: fw,
      unit: 'µs/query',
      spread: spread(times.fw),
      ratio: 1,
    });
    rows.push({
      case: `${target.engine} point lookup`,
      contestant: `${driver} direct`,
      median: raw,
      unit: 'µs/query',
      spread: spread(times.raw),
      ratio: raw / fw,
    });
  }
} finally {
  for (const target of list) await target.cleanup();
}

const result: BenchResult = {
  name: 'db',
  command: 'npm run bench -- db (tsx bench/db/run.ts)',
  date: new Date().toISOString(),
  rows,
  higherIsBetter: false,
  goal: 'app.db within 15% of the bare driver on postgres and mysql (ratio >= 0.85)',
  met: rows.filter((r) => r.contestant !== 'fw app.db' && !r.case!.startsWith('sqlite')).every((r) => r.ratio! >= 0.85),
  notes:
    'SELECT id, name FROM bench_items WHERE id = ? on 1000 rows, sequential, one connection, prepared statements on both sides; sqlite 50000 queries, postgres and mysql 5000 (local servers on 127.0.0.1). Each contestant runs in its own process; 3 rounds in alternating order; every answer is checked during a 500-query warm-up and once after timing. ratio = driver time / fw time (above 1: fw faster). On sqlite the driver call is synchronous, so the fixed cost of an async API (promise per query, parameter checks, statement cache lookup) shows as a large ratio on a ~2 µs query.',
};
mkdirSync(join(here, '../.out'), { recursive: true });
writeFileSync(join(here, '../.out/db.json'), `${JSON.stringify(result, null, 2)}\n`);
console.table(
  rows.map((r) => ({
    case: r.case,
    contestant: r.contestant,
    median: r.median.toFixed(2),
    unit: r.unit,
    spread: r.spread,
    ratio: r.ratio!.toFixed(3),
  })),
);
console.log(`Goal (${result.goal}): ${result.met ? 'met' : 'not met'}.`);
