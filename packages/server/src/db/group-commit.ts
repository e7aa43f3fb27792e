import type { Database as SqliteConnection, Statement } from 'better-sqlite3';
import {
  SqliteDialect,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';

/** Writes that share one commit at most; bounds how long the first of them waits for its answer. */
const MAX_WRITES_PER_COMMIT = 64;

/**
 * Kysely's SQLite dialect with group commit: the transactions of writes that follow one another without a read in
 * between share one SQLite transaction, each inside its own savepoint, and one commit. Most of a commit's cost is
 * writing each changed page to the log, and writes that follow one another change many of the same pages (the ends
 * of the tables and indexes a create appends to, the project's row): a create changes about 15 pages, and creates
 * committed together share most of them.
 *
 * What each request sees is unchanged:
 * - A write still saves everything or nothing: a write that fails rolls back to its savepoint, and the others stay.
 * - A write's transaction returns only once the shared commit is durable, so no answer tells of a change that could
 *   still be lost; if the commit fails, every write in it fails.
 * - Reads never see a write before it is committed: a read outside a transaction commits the open batch first.
 *
 * The batch is committed when the event loop is next idle (after the writes that arrived together), before any read,
 * when it holds `MAX_WRITES_PER_COMMIT` writes, and when the database closes.
 * @example new Kysely<Database>({ dialect: new GroupCommitSqliteDialect(sqlite, withStatementCache(sqlite)) })
 */
export class GroupCommitSqliteDialect extends SqliteDialect {
  readonly #connection: SqliteConnection;
  readonly #statements: SqliteDatabase;

  constructor(connection: SqliteConnection, statements: SqliteDatabase) {
    super({ database: statements });
    this.#connection = connection;
    this.#statements = statements;
  }

  override createDriver(): Driver {
    return new GroupCommitDriver(this.#connection, this.#statements);
  }
}

/** Waiters take the connection in the order they asked for it. */
class Mutex {
  #held = false;
  readonly #waiting: (() => void)[] = [];

  async lock(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return;
    }
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  unlock(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }
}

/** The writes that share the open SQLite transaction, and the promise of its commit. */
class Batch {
  writes = 0;
  readonly committed: Promise<void>;
  resolve!: () => void;
  reject!: (error: unknown) => void;

  constructor() {
    this.committed = new Promise<void>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    // A batch whose writes all failed has no one waiting for it; its failure is reported by the statements.
    this.committed.catch(() => undefined);
  }
}

/** One hold of the connection, from `acquireConnection` until released; a write releases it before its commit. */
class Lease implements DatabaseConnection {
  #released = false;

  constructor(
    private readonly driver: GroupCommitDriver,
    private readonly unlock: () => void,
  ) {}

  get released(): boolean {
    return this.#released;
  }

  release(): void {
    if (this.#released) return;
    this.#released = true;
    this.unlock();
  }

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return Promise.resolve(this.driver.run<R>(query));
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    for (const row of this.driver.iterate<R>(query)) yield { rows: [row] };
  }
}

/** The lease Kysely hands back: every connection it gets from this driver is one. */
function leaseOf(connection: DatabaseConnection): Lease {
  if (!(connection instanceof Lease)) throw new Error('A connection the group-commit driver did not hand out');
  return connection;
}

class GroupCommitDriver implements Driver {
  readonly #connection: SqliteConnection;
  readonly #statements: SqliteDatabase;
  readonly #mutex = new Mutex();
  readonly #control: Record<'begin' | 'savepoint' | 'release' | 'rollbackTo' | 'commit' | 'rollback', Statement>;
  /** The open SQLite transaction, when writes have been released into it and not yet committed. */
  #batch: Batch | undefined;
  /** Whether a write's savepoint is open, so its statements are part of it. */
  #inWrite = false;

  constructor(connection: SqliteConnection, statements: SqliteDatabase) {
    this.#connection = connection;
    this.#statements = statements;
    this.#control = {
      begin: connection.prepare('begin'),
      savepoint: connection.prepare('savepoint write'),
      release: connection.prepare('release write'),
      rollbackTo: connection.prepare('rollback to write'),
      commit: connection.prepare('commit'),
      rollback: connection.prepare('rollback'),
    };
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.lock();
    return new Lease(this, () => this.#mutex.unlock());
  }

  async beginTransaction(): Promise<void> {
    if (!this.#batch) {
      this.#control.begin.run();
      const batch = new Batch();
      this.#batch = batch;
      setImmediate(() => void this.#commitWhenFree(batch));
    }
    this.#control.savepoint.run();
    this.#inWrite = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    this.#control.release.run();
    this.#inWrite = false;
    const batch = this.#batch;
    if (!batch) throw new Error('A write committed outside a transaction');
    batch.writes += 1;
    if (batch.writes >= MAX_WRITES_PER_COMMIT) this.#commit();
    // The next write may join the batch while this one waits for it to be committed.
    leaseOf(connection).release();
    await batch.committed;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    // A write whose shared commit failed has nothing left to roll back: the whole batch was.
    if (leaseOf(connection).released) return;
    this.#inWrite = false;
    try {
      this.#control.rollbackTo.run();
      this.#control.release.run();
    } catch (error) {
      // Some errors (a full disk, an I/O error) make SQLite roll back the whole transaction; checked below.
      if (this.#connection.inTransaction) throw error;
    }
    if (!this.#connection.inTransaction) this.#abandon(new Error('The shared transaction was rolled back by SQLite after a failed statement'));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    leaseOf(connection).release();
  }

  async savepoint(): Promise<void> {
    throw new Error('Savepoints are taken by the group commit; nested transactions are not supported');
  }

  async destroy(): Promise<void> {
    await this.#mutex.lock();
    try {
      this.#commit();
    } finally {
      this.#connection.close();
      this.#mutex.unlock();
    }
  }

  /** Runs a statement; reads see only committed data (`#statementFor`). */
  run<R>(query: CompiledQuery): QueryResult<R> {
    const statement = this.#statementFor(query);
    if (statement.reader) return { rows: statement.all(query.parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(query.parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  iterate<R>(query: CompiledQuery): IterableIterator<R> {
    const statement = this.#statementFor(query);
    if (!statement.reader) throw new Error('Only queries that return rows can be streamed');
    return statement.iterate(query.parameters) as IterableIterator<R>;
  }

  /** The prepared statement of a query; outside a write, the waiting writes are committed before it runs. */
  #statementFor(query: CompiledQuery): SqliteStatement {
    if (this.#batch && !this.#inWrite) this.#commit();
    return this.#statements.prepare(query.sql);
  }

  async #commitWhenFree(batch: Batch): Promise<void> {
    await this.#mutex.lock();
    try {
      if (this.#batch === batch) this.#commit();
    } finally {
      this.#mutex.unlock();
    }
  }

  #commit(): void {
    const batch = this.#batch;
    if (!batch) return;
    try {
      this.#control.commit.run();
      this.#batch = undefined;
      batch.resolve();
    } catch (error) {
      try {
        if (this.#connection.inTransaction) this.#control.rollback.run();
      } finally {
        this.#abandon(error);
      }
    }
  }

  /** Fails every write of the open batch: their changes are gone. */
  #abandon(error: unknown): void {
    const batch = this.#batch;
    this.#batch = undefined;
    batch?.reject(error);
  }
}
