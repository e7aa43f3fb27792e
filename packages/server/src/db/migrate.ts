import { Migrator, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import type { DatabaseHandle } from './connection.ts';
import * as initial from './migrations/20261121T2000_initial.ts';

/** Every migration, keyed by its timestamped name; Kysely runs them in name order. */
const migrations: Record<string, Migration> = {
  '20261121T2000_initial': initial,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date. Throws with the failing migration's name. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const migrator = new Migrator({ db: handle.db, provider });
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
