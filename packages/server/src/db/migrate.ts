import { type Kysely, type Migration, type MigrationProvider, type MigrationResultSet, Migrator, sql } from 'kysely';
import type { DatabaseHandle, DialectName } from './connection.ts';
import * as initial from './migrations/20261121T2000_initial.ts';
import * as geocodeCache from './migrations/20261121T2100_geocode_cache.ts';
import * as geocodingQueue from './migrations/20261121T2200_geocoding_queue.ts';
import * as idempotencyKeys from './migrations/20261121T2300_idempotency_keys.ts';
import * as locationsCount from './migrations/20261122T0130_locations_count.ts';
import * as locationsCountPerStatement from './migrations/20261122T0200_locations_count_per_statement.ts';
import * as locationDocuments from './migrations/20261122T0300_location_documents.ts';
import * as revisionTriggersByKey from './migrations/20261122T0400_revision_triggers_by_key.ts';
import * as dropLocationDocuments from './migrations/20261125T1200_drop_location_documents.ts';
import * as timeZonesSpecialHours from './migrations/20261125T1400_time_zones_special_hours.ts';
import * as publishableKeys from './migrations/20261125T1500_publishable_keys.ts';
import * as projectDataVersions from './migrations/20261125T1530_project_data_versions.ts';
import * as storeFinderChanges from './migrations/20261125T2100_store_finder_changes.ts';
import * as eventsAndWebhooks from './migrations/20261126T0900_events_and_webhooks.ts';
import * as locationExternalIds from './migrations/20261126T1000_location_external_ids.ts';
import * as imports from './migrations/20261126T1100_imports.ts';
import * as importCreators from './migrations/20261126T1200_import_creators.ts';
import * as phoneNumbers from './migrations/20261128T1200_phone_numbers.ts';
import * as importMatch from './migrations/20261128T1300_import_match.ts';
import * as passwordsAndSessions from './migrations/20261128T1400_passwords_and_sessions.ts';
import * as projectMembers from './migrations/20261128T1500_project_members.ts';
import * as passwordResets from './migrations/20261128T1600_password_resets.ts';
import * as projectBranding from './migrations/20261128T1700_project_branding.ts';
import * as sessionAgentsAndFirstRun from './migrations/20261128T1700_session_agents_and_first_run.ts';
import * as passkeys from './migrations/20261128T1800_passkeys.ts';
import * as searchAnalytics from './migrations/20261128T2000_search_analytics.ts';
import * as settingPositionsAndFinderDesign from './migrations/20261129T0300_setting_positions_and_finder_design.ts';
import * as importMappingsAndChanges from './migrations/20261129T0400_import_mappings_and_changes.ts';
import * as eventsByLocationAndActor from './migrations/20261129T0500_events_by_location_and_actor.ts';

/**
 * A migration module; it is told the dialect so it can build the DDL that differs (see `migrations/schema-helpers.ts`).
 */
export interface DialectAwareMigration {
  up(db: Kysely<unknown>, dialect: DialectName): Promise<void>;
  down?(db: Kysely<unknown>, dialect: DialectName): Promise<void>;
}

/** Every migration, keyed by its timestamped name; Kysely runs them in name order. */
const migrations: Record<string, DialectAwareMigration> = {
  '20261121T2000_initial': initial,
  '20261121T2200_geocoding_queue': geocodingQueue,
  '20261121T2100_geocode_cache': geocodeCache,
  '20261121T2300_idempotency_keys': idempotencyKeys,
  '20261122T0130_locations_count': locationsCount,
  '20261122T0200_locations_count_per_statement': locationsCountPerStatement,
  '20261122T0300_location_documents': locationDocuments,
  '20261122T0400_revision_triggers_by_key': revisionTriggersByKey,
  '20261125T1200_drop_location_documents': dropLocationDocuments,
  '20261125T1400_time_zones_special_hours': timeZonesSpecialHours,
  '20261125T1500_publishable_keys': publishableKeys,
  '20261125T1530_project_data_versions': projectDataVersions,
  '20261125T2100_store_finder_changes': storeFinderChanges,
  '20261126T0900_events_and_webhooks': eventsAndWebhooks,
  '20261126T1000_location_external_ids': locationExternalIds,
  '20261126T1100_imports': imports,
  '20261126T1200_import_creators': importCreators,
  '20261128T1200_phone_numbers': phoneNumbers,
  '20261128T1300_import_match': importMatch,
  '20261128T1400_passwords_and_sessions': passwordsAndSessions,
  '20261128T1500_project_members': projectMembers,
  '20261128T1600_password_resets': passwordResets,
  '20261128T1700_project_branding': projectBranding,
  '20261128T1700_session_agents_and_first_run': sessionAgentsAndFirstRun,
  '20261128T1800_passkeys': passkeys,
  '20261128T2000_search_analytics': searchAnalytics,
  '20261129T0300_setting_positions_and_finder_design': settingPositionsAndFinderDesign,
  '20261129T0500_events_by_location_and_actor': eventsByLocationAndActor,
  '20261129T0400_import_mappings_and_changes': importMappingsAndChanges,
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
  const migrator = new Migrator({
    db: handle.db,
    provider: providerFor(handle.dialect),
    ...(await bookkeepingSchema(handle)),
  });
  return reportResults(await migrator.migrateToLatest());
}

/** Migrates up or down to the named migration (tests of a migration's data step use it). */
export async function migrateTo(handle: DatabaseHandle, name: string): Promise<string[]> {
  if (!(name in migrations)) throw new Error(`No migration is named "${name}"`);
  const migrator = new Migrator({
    db: handle.db,
    provider: providerFor(handle.dialect),
    ...(await bookkeepingSchema(handle)),
  });
  return reportResults(await migrator.migrateTo(name));
}

/**
 * Unless told a schema, Kysely takes its bookkeeping tables in any schema of the database for its own; on PostgreSQL
 * they belong in the schema the connection works in (the first of its search_path), so schemas never mix up.
 */
async function bookkeepingSchema(handle: DatabaseHandle): Promise<{ migrationTableSchema?: string }> {
  if (handle.dialect !== 'postgres') return {};
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(handle.db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('Migration failed: no schema of the PostgreSQL search_path exists');
  return { migrationTableSchema: schema };
}

function reportResults({ error, results }: MigrationResultSet): string[] {
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${cause}`.replace('  ', ' '));
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
