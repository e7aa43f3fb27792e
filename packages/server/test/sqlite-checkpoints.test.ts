import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../../scripts/server-build.mjs';
import { loadConfig } from '../src/config/config.ts';
import { openDatabase } from '../src/db/connection.ts';
import { startServer } from '../src/server.ts';
import { createSqliteFile } from './support/test-database.ts';

const scratch = mkdtempSync(join(tmpdir(), 'locator-checkpoints-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** This process's threads; a worker thread is one of them while it runs. */
const threadCount = () => readdirSync('/proc/self/task').length;

/**
 * The rows of `probe` that the database file itself holds, read from a copy of the file without its write-ahead log
 * (undefined while a checkpoint is halfway through writing it).
 */
function rowsInDatabaseFile(path: string): number | undefined {
  const copy = join(scratch, 'copy.db');
  copyFileSync(path, copy);
  const connection = new SQLite(copy, { readonly: true });
  try {
    return connection.prepare<[], { n: number }>('select count(*) as n from probe').get()?.n;
  } catch {
    return undefined;
  } finally {
    connection.close();
    rmSync(copy);
  }
}

async function eventually<T>(read: () => T, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('background WAL checkpoints of locator serve on a SQLite file', () => {
  it('copy a batch of committed pages into the database file with no further commit, and end when the server stops', async () => {
    const database = createSqliteFile();
    const path = database.url.slice('sqlite:'.length);
    const server = await startServer(loadConfig({ DATABASE_URL: database.url, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' }), { handleSignals: false });
    const threadsWhileServing = threadCount();
    try {
      const { db } = server.app.ctx.database;
      await sql`create table probe (id integer primary key, body text not null)`.execute(db);
      await sql`insert into probe (body) values ('a'), ('b')`.execute(db);
      // A few pages wait for a batch: copying them would make the next commit start the log over, at an fsync.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(rowsInDatabaseFile(path)).toBeUndefined();
      // About 2,200 pages more: past the worker's batch of 1,000, short of the 10,000 at which the serving connection
      // checkpoints by itself, so only the worker can put the rows into the database file.
      await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 3000)
                insert into probe (body) select hex(randomblob(1500)) from n`.execute(db);
      expect(await eventually(() => rowsInDatabaseFile(path), (rows) => rows === 3002)).toBe(3002);
    } finally {
      await server.stop();
    }
    expect(threadCount()).toBe(threadsWhileServing - 1);
    // The serving connection closed last, so SQLite removed the log: the worker's connection had closed before it.
    expect(existsSync(`${path}-wal`)).toBe(false);
    await database.dispose();
  });

  it('are off unless asked for, and not started for an in-memory database', async () => {
    const threadsBefore = threadCount();
    const fileDatabase = createSqliteFile();
    const file = openDatabase(fileDatabase.url);
    const memory = openDatabase('sqlite::memory:', { backgroundCheckpoints: { log: { warn: () => undefined } } });
    expect(threadCount()).toBe(threadsBefore);
    const autocheckpoint = sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`;
    expect((await autocheckpoint.execute(file.db)).rows).toEqual([{ wal_autocheckpoint: 1000 }]);
    await Promise.all([file.close(), memory.close()]);
    await fileDatabase.dispose();
  });
});

describe('the server build, for worker threads', () => {
  it('ships worker threads\' plain JavaScript entry files beside the bundle, which starts them from there', async () => {
    // A stand-in server package whose entry point starts a worker from a file next to its module, as the
    // checkpoint worker is started.
    const server = join(scratch, 'stand-in');
    mkdirSync(join(server, 'src', 'cli'), { recursive: true });
    writeFileSync(join(server, 'package.json'), JSON.stringify({ name: 'stand-in', dependencies: {} }));
    writeFileSync(join(server, 'src', 'cli', 'answer.worker.mjs'), "import { parentPort } from 'node:worker_threads';\nparentPort.postMessage(6 * 7);\n");
    writeFileSync(
      join(server, 'src', 'cli', 'main.ts'),
      `import { Worker } from 'node:worker_threads';
export const answer = (): Promise<number> =>
  new Promise((resolve, reject) => new Worker(new URL('./answer.worker.mjs', import.meta.url)).once('message', resolve).once('error', reject));
`,
    );
    const built = await buildServer(server);
    const module = (await import(pathToFileURL(built).href)) as { answer: () => Promise<number> };
    expect(await module.answer()).toBe(42);
  });
});
