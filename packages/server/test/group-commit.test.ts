import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GroupCommitSqliteDialect } from '../src/db/group-commit.ts';
import { withStatementCache } from '../src/db/statement-cache.ts';

// Writes that follow one another share a SQLite commit (db/group-commit.ts). These tests watch the file from a second
// connection, as another process would, to check that no write answers before it is committed, that a failed write
// or a failed commit saves nothing, and that the writes really do share commits.

interface Tables {
  parents: { id: number };
  numbers: { n: number; parent_id: number | null };
}

describe('group commit on SQLite', () => {
  let dir: string;
  let connection: SQLite.Database;
  let db: Kysely<Tables>;
  let observer: SQLite.Database;
  const saved = () => observer.prepare('select n from numbers order by n').pluck().all();
  /** Frames in the write-ahead log: each commit appends the pages it changed. */
  const logFrames = () => (observer.pragma('wal_checkpoint(PASSIVE)') as { log: number }[])[0]?.log ?? 0;
  const insert = (n: number, parentId: number | null = null) =>
    db.transaction().execute(async (trx) => {
      await trx.insertInto('numbers').values({ n, parent_id: parentId }).execute();
    });

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'group-commit-'));
    connection = new SQLite(join(dir, 'data.db'));
    connection.pragma('journal_mode = WAL');
    connection.pragma('foreign_keys = ON');
    connection.exec(`create table parents (id integer primary key);
      create table numbers (n integer not null unique, parent_id integer references parents (id) deferrable initially deferred)`);
    db = new Kysely<Tables>({ dialect: new GroupCommitSqliteDialect(connection, withStatementCache(connection)) });
    observer = new SQLite(join(dir, 'data.db'));
    // Only the test checkpoints, so the log holds every commit's frames until it does.
    connection.pragma('wal_autocheckpoint = 0');
  });
  afterEach(async () => {
    observer.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers each write only once another connection can read it', async () => {
    const seenAtAnswer = await Promise.all([1, 2, 3, 4, 5].map((n) => insert(n).then(() => saved().includes(n))));
    expect(seenAtAnswer).toEqual([true, true, true, true, true]);
  });

  it('commits writes that arrive together once, and writes that wait for each other one by one', async () => {
    logFrames();
    observer.pragma('wal_checkpoint(TRUNCATE)');
    await Promise.all(Array.from({ length: 20 }, (_, n) => insert(n)));
    const together = logFrames();
    observer.pragma('wal_checkpoint(TRUNCATE)');
    for (let n = 20; n < 40; n += 1) await insert(n);
    const oneByOne = logFrames();
    expect(saved()).toHaveLength(40);
    expect(together).toBeLessThanOrEqual(2);
    expect(oneByOne).toBeGreaterThanOrEqual(20);
  });

  it('rolls back only the write that failed; the others of its commit are saved', async () => {
    const failing = db.transaction().execute(async (trx) => {
      await trx.insertInto('numbers').values({ n: 2, parent_id: null }).execute();
      throw new Error('the write changed its mind');
    });
    const results = await Promise.allSettled([insert(1), failing, insert(3), insert(1)]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected']);
    expect(saved()).toEqual([1, 3]);
  });

  it('commits the waiting writes before a read, so a read never sees a write that could still be lost', async () => {
    const write = insert(1);
    const read = db.selectFrom('numbers').select('n').execute();
    const rows = await read;
    expect(rows).toEqual([{ n: 1 }]);
    expect(saved()).toEqual([1]);
    await write;
  });

  it('fails every write of a commit that fails, saves none of them, and commits later writes again', async () => {
    // A deferred foreign key is checked at commit: the second write makes the shared commit fail.
    const results = await Promise.allSettled([insert(1), insert(2, 99), insert(3)]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(saved()).toEqual([]);
    expect(connection.inTransaction).toBe(false);
    await insert(4);
    expect(saved()).toEqual([4]);
  });
});
