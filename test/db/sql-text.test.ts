import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMigration, splitStatements } from '../../src/db/migrations/file';
import { scaffoldMigration } from '../../src/db/migrations/scaffold';
import { toDollarPlaceholders } from '../../src/db/placeholders';
import { StatementCache } from '../../src/db/statement-cache';
import { createMigrationFile } from '../../targets/node/db-migrations-fs';

describe('toDollarPlaceholders', () => {
  it('numbers ? outside literals, identifiers, comments and dollar quotes', () => {
    expect(toDollarPlaceholders('SELECT * FROM t WHERE a = ? AND b = ?')).toBe('SELECT * FROM t WHERE a = $1 AND b = $2');
    expect(toDollarPlaceholders("SELECT 'it''s ?', \"col?\", ? -- why?\n, ?")).toBe("SELECT 'it''s ?', \"col?\", $1 -- why?\n, $2");
    expect(toDollarPlaceholders("SELECT E'\\' ?', ?")).toBe("SELECT E'\\' ?', $1");
    expect(toDollarPlaceholders('SELECT /* ? */ ?, $fn$ body ? $fn$, $$ ? $$, ?')).toBe('SELECT /* ? */ $1, $fn$ body ? $fn$, $$ ? $$, $2');
    expect(toDollarPlaceholders("SELECT data ?? 'k', ?")).toBe("SELECT data ? 'k', $1");
    expect(toDollarPlaceholders('SELECT $1, $2')).toBe('SELECT $1, $2');
  });

  it('leaves unterminated literals and comments as they are', () => {
    expect(toDollarPlaceholders("SELECT 'open ?")).toBe("SELECT 'open ?");
    expect(toDollarPlaceholders('SELECT ? /* open ?')).toBe('SELECT $1 /* open ?');
  });
});

describe('migration files', () => {
  it('splits at the -- down line, with or without an -- up line', () => {
    const m = parseMigration('007_add_tags.sql', '-- header\n-- up\nCREATE TABLE tags (id INT);\n-- down\nDROP TABLE tags;\n');
    expect(m).toMatchObject({ name: '007_add_tags', version: 7, upLine: 2, downLine: 4 });
    expect(m.up.trim()).toBe('CREATE TABLE tags (id INT);');
    expect(m.down!.trim()).toBe('DROP TABLE tags;');
    const plain = parseMigration('1_plain.sql', 'CREATE TABLE a (id INT);\n--   MIGRATE:DOWN  \nDROP TABLE a;');
    expect(plain.up.trim()).toBe('CREATE TABLE a (id INT);');
    expect(plain.down!.trim()).toBe('DROP TABLE a;');
    expect(parseMigration('002_x.sql', 'SELECT 1;').down).toBeNull();
  });

  it('rejects bad names and a second down line', () => {
    expect(() => parseMigration('init.sql', '')).toThrow(/NNN_<name>.sql/);
    expect(() => parseMigration('001_bad name.sql', '')).toThrow(/NNN_<name>.sql/);
    expect(() => parseMigration('001_twice.sql', 'a;\n-- down\nb;\n-- down\nc;')).toThrow(/more than one "-- down"/);
  });

  it("splits statements with each engine's rules and keeps their lines", () => {
    const pg = "CREATE FUNCTION f() RETURNS int AS $$ BEGIN RETURN 1; END; $$ LANGUAGE plpgsql;\n-- only a comment;\nSELECT ';';";
    expect(splitStatements(pg, 'postgres', 10)).toEqual([
      { sql: 'CREATE FUNCTION f() RETURNS int AS $$ BEGIN RETURN 1; END; $$ LANGUAGE plpgsql', line: 10 },
      { sql: "SELECT ';'", line: 12 },
    ]);
    const lite = 'CREATE TABLE t (x INT);\nCREATE TRIGGER tr AFTER INSERT ON t BEGIN UPDATE t SET x = 1; END;';
    expect(splitStatements(lite, 'sqlite').map((s) => s.sql)).toEqual([
      'CREATE TABLE t (x INT)',
      'CREATE TRIGGER tr AFTER INSERT ON t BEGIN UPDATE t SET x = 1; END',
    ]);
    const my = 'DELIMITER $$\nCREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW BEGIN SET NEW.x = 1; END$$\nDELIMITER ;\nSELECT 1;';
    expect(splitStatements(my, 'mysql').map((s) => s.sql)).toEqual([
      'CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW BEGIN SET NEW.x = 1; END',
      'SELECT 1',
    ]);
    expect(splitStatements('-- nothing here\n/* at all */\n', 'sqlite')).toEqual([]);
  });
});

describe('scaffolding', () => {
  it('names the next file after the highest number, keeping the width', () => {
    expect(scaffoldMigration([], 'Create users').fileName).toBe('001_create_users.sql');
    expect(scaffoldMigration(['001_a.sql', '009_b.sql', 'seed.sql', 'README.md'], 'add tags!').fileName).toBe('010_add_tags.sql');
    expect(scaffoldMigration(['0041_x.sql'], 'y').fileName).toBe('0042_y.sql');
    expect(scaffoldMigration([], 'x').content).toMatch(/^-- up\n[\s\S]*\n-- down\n/);
    expect(() => scaffoldMigration([], '!!!')).toThrow(/not a usable migration name/);
  });

  it('writes the file into the migrations folder (creating it) and never overwrites one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fw-mig-'));
    try {
      const folder = join(dir, 'migrations');
      const first = await createMigrationFile(folder, 'create users');
      expect(first).toBe(join(folder, '001_create_users.sql'));
      await writeFile(join(folder, '005_manual.sql'), '-- up\n');
      const next = await createMigrationFile(folder, 'add posts');
      expect(next).toBe(join(folder, '006_add_posts.sql'));
      expect(parseMigration('006_add_posts.sql', await readFile(next, 'utf8')).down).not.toBeNull();
      expect((await readdir(folder)).sort()).toEqual(['001_create_users.sql', '005_manual.sql', '006_add_posts.sql']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('StatementCache', () => {
  it('prepares once per SQL text and drops the least recently used beyond its bound', () => {
    let prepared = 0;
    const cache = new StatementCache<string>(2);
    const prepare = (sql: string) => {
      prepared++;
      return `stmt:${sql}`;
    };
    expect(cache.get('a', prepare)).toBe('stmt:a');
    cache.get('b', prepare);
    cache.get('a', prepare);
    cache.get('c', prepare);
    expect(prepared).toBe(3);
    cache.get('a', prepare);
    expect(prepared).toBe(3);
    cache.get('b', prepare);
    expect(prepared).toBe(4);
    expect(cache.size).toBe(2);
  });

  it('disposes of the statements it drops and of every statement on clear', () => {
    const disposed: string[] = [];
    const cache = new StatementCache<string>(2, (s) => disposed.push(s));
    for (const sql of ['a', 'b', 'c']) cache.get(sql, (text) => text);
    expect(disposed).toEqual(['a']);
    cache.clear();
    expect(disposed.sort()).toEqual(['a', 'b', 'c']);
  });
});
