import { Migrator, type Kysely, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import type { DatabaseHandle, DialectName } from './connection.ts';
import * as initial from './migrations/20261121T2000_initial.ts';

/** A migration module; it is told the dialect so it can build the DDL that differs (see `migrations/schema-helpers.ts`). */
export interface DialectAwareMigration {
  up(db: Kysely<unknown>, dialect: DialectName): Promise<void>;
  down?(db: Kysely<unknown>, dialect: DialectName): Promise<void>;
}

/** Every migration, keyed by its timestamped name; Kysely runs them in name order. */
const migrations: Record<string, DialectAwareMigration> = {
  '20261121T2000_initial': initial,
};

function providerFor(dialect: DialectName): MigrationProvider {
  const bound = Object.entries(migrations).map(([name, { up, down }]): [string, Migration] => [
    name,
    { up: (db) => up(db, dialect), ...(down ? { down: (db: Kysely<unknown>) => down(db, dialect) } : {}) },
  ]);
  return { getMigrations: async () => Object.fromEntries(bound) };
}

/** Brings the schema up to date. Throws with the failing migration's name. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const migrator = new Migrator({ db: handle.db, provider: providerFor(handle.dialect) });
  return reportResults(await migrator.migrateToLatest());
}

function reportResults({ error, results }: MigrationResultSet): string[] {
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${cause}`.replace('  ', ' '));
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
