import type { Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';
import * as locationDocuments from './20261122T0300_location_documents.ts';
import * as revisionTriggersByKey from './20261122T0400_revision_triggers_by_key.ts';

// Reads build every answer from the locations' rows again: stored documents were valid by revisions alone, so a
// release that changed how a location renders kept serving the JSON of the one before. This drops their tables, the
// revision triggers and the two revision columns, which nothing else used.

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await locationDocuments.down(db, dialect);
}

export async function down(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await locationDocuments.up(db, dialect);
  await revisionTriggersByKey.up(db, dialect);
}
