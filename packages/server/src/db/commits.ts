import type {
  DatabaseConnection,
  DatabaseIntrospector,
  Dialect,
  DialectAdapter,
  Driver,
  Kysely,
  QueryCompiler,
  TransactionSettings,
} from 'kysely';

/**
 * How many transactions this process has committed. What is kept in memory from the database (a publishable key's
 * project and data version) notes the count when it starts reading, and is read again once the count has moved: a
 * write of this process then shows in its next request, as it would without the memory.
 */
export class Commits {
  #count = 0;
  get count(): number {
    return this.#count;
  }
  counted(): void {
    this.#count += 1;
  }
}

/** A driver that counts its commits, passing everything to the dialect's own. */
class CommitCountingDriver implements Driver {
  readonly #driver: Driver;
  readonly #commits: Commits;
  readonly savepoint?: Driver['savepoint'];
  readonly rollbackToSavepoint?: Driver['rollbackToSavepoint'];
  readonly releaseSavepoint?: Driver['releaseSavepoint'];

  constructor(driver: Driver, commits: Commits) {
    this.#driver = driver;
    this.#commits = commits;
    if (driver.savepoint) this.savepoint = driver.savepoint.bind(driver);
    if (driver.rollbackToSavepoint) this.rollbackToSavepoint = driver.rollbackToSavepoint.bind(driver);
    if (driver.releaseSavepoint) this.releaseSavepoint = driver.releaseSavepoint.bind(driver);
  }

  init(): Promise<void> {
    return this.#driver.init();
  }
  acquireConnection(): Promise<DatabaseConnection> {
    return this.#driver.acquireConnection();
  }
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.#driver.beginTransaction(connection, settings);
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#driver.commitTransaction(connection);
    this.#commits.counted();
  }
  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#driver.rollbackTransaction(connection);
  }
  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.#driver.releaseConnection(connection);
  }
  destroy(): Promise<void> {
    return this.#driver.destroy();
  }
}

/** The dialect, with its driver counting commits into `commits`. */
export function countingCommits(dialect: Dialect, commits: Commits): Dialect {
  return {
    createAdapter: (): DialectAdapter => dialect.createAdapter(),
    createDriver: (): Driver => new CommitCountingDriver(dialect.createDriver(), commits),
    createIntrospector: (db: Kysely<unknown>): DatabaseIntrospector => dialect.createIntrospector(db),
    createQueryCompiler: (): QueryCompiler => dialect.createQueryCompiler(),
  };
}
