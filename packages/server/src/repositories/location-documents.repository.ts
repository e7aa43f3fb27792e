import { sql, type JoinBuilder, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/database.ts';
import { DOCUMENT_TABLES, type DocumentFormat, type LocationDocumentRow } from '../db/tables/location-documents.table.ts';
import type { ProjectRow } from '../db/tables/projects.table.ts';
import type { LocationListQuery } from '../domain/location-list.ts';
import { compiledOnce } from './compiled-once.ts';
import type { Executor } from './executor.ts';
import { pageOfLocationIds } from './locations.repository.ts';

/** A stored document: its text and, for V2, where each include starts in it. */
export type DocumentParts = Pick<LocationDocumentRow, 'body' | 'hours_at' | 'filters_at' | 'fields_at' | 'calls_to_action_at'>;

/** A location named in a read, with its stored document if one is valid (null otherwise) and what to tag a new one with. */
export interface DocumentSlot {
  location_id: number;
  revision: number;
  catalog_revision: number;
  document: DocumentParts | null;
}

/** A single read: the user, the public IDs of the project (one of theirs) and of the location in it. */
export interface DocumentAddress {
  userId: number;
  projectPublicId: string;
  locationPublicId: string;
}

const DOCUMENT_COLUMNS = ['body', 'hours_at', 'filters_at', 'fields_at', 'calls_to_action_at'] as const;

/**
 * The document table of a format, typed as the V2 one: both have the same columns, and Kysely cannot type a join on
 * a table chosen at run time.
 */
const documentTable = (format: DocumentFormat) => `${DOCUMENT_TABLES[format] as 'location_documents_v2'} as document` as const;

type DocumentJoin = JoinBuilder<Database & { document: Database['location_documents_v2'] }, 'locations' | 'document'>;

/** The stored document of the joined location, only if it was built from its current revision and catalog. */
function validDocument(join: DocumentJoin, catalogRevision: RawBuilder<number>) {
  return join
    .onRef('document.location_id', '=', 'locations.id')
    .onRef('document.revision', '=', 'locations.revision')
    .on((eb) => eb('document.catalog_revision', '=', catalogRevision));
}

function partsOf(row: Omit<DocumentParts, 'body'> & { body: string | null }): DocumentParts | null {
  return row.body === null
    ? null
    : { body: row.body, hours_at: row.hours_at, filters_at: row.filters_at, fields_at: row.fields_at, calls_to_action_at: row.calls_to_action_at };
}

// One statement answers a single-location read: the project (for the ownership and plan checks), the location's
// ID and revision, and its stored document when valid.
const singleDocument = compiledOnce((db, format: DocumentFormat, userId: number, projectPublicId: string, locationPublicId: string) =>
  db
    .selectFrom('projects')
    .leftJoin('locations', (join) => join.onRef('locations.project_id', '=', 'projects.id').on('locations.public_id', '=', locationPublicId))
    .leftJoin(documentTable(format), (join) => validDocument(join, sql<number>`projects.catalog_revision`))
    .selectAll('projects')
    .select(['locations.id as location_id', 'locations.revision as location_revision', ...DOCUMENT_COLUMNS.map((c) => `document.${c}` as const)])
    .where('projects.user_id', '=', userId)
    .where('projects.public_id', '=', projectPublicId),
);

/**
 * The project a single read names (undefined when it is not the user's), and the location's slot in it (undefined
 * when the project has no such location).
 */
export async function findDocumentSlot(
  db: Executor,
  format: DocumentFormat,
  address: DocumentAddress,
): Promise<{ project: ProjectRow; slot: DocumentSlot | undefined } | undefined> {
  const [row] = await singleDocument(db, format, address.userId, address.projectPublicId, address.locationPublicId);
  if (!row) return undefined;
  const { location_id, location_revision, body, hours_at, filters_at, fields_at, calls_to_action_at, ...project } = row;
  const slot =
    location_id === null || location_revision === null
      ? undefined
      : { location_id, revision: location_revision, catalog_revision: project.catalog_revision, document: partsOf({ body, hours_at, filters_at, fields_at, calls_to_action_at }) };
  return { project, slot };
}

type PageRow = { location_id: number; revision: number; catalog_revision: number } & Omit<DocumentParts, 'body'> & { body: string | null };

/** One page of a project's locations in list order, each with its stored document when valid. */
export async function pageOfDocumentSlots(db: Executor, format: DocumentFormat, projectId: number, query: LocationListQuery): Promise<DocumentSlot[]> {
  const catalogRevision = sql<number>`(select catalog_revision from projects where id = ${projectId})`;
  const rows = await pageOfLocationIds(
    db,
    projectId,
    query,
    (ids) =>
      // The aliased document table is not among the tables the page reader is typed over; the row type is kept.
      db
        .selectFrom('locations')
        .leftJoin(documentTable(format), (join) => validDocument(join, catalogRevision))
        .select(['locations.id as location_id', 'locations.revision', catalogRevision.as('catalog_revision'), ...DOCUMENT_COLUMNS.map((c) => `document.${c}` as const)])
        .where('locations.id', 'in', ids) as unknown as SelectQueryBuilder<Database, 'locations', PageRow>,
  );
  return rows.map(({ location_id, revision, catalog_revision, ...parts }) => ({ location_id, revision, catalog_revision, document: partsOf(parts) }));
}

/** Stores documents, each tagged with the revisions it was built from; never replaces one built from later revisions. */
export async function saveDocuments(db: Executor, format: DocumentFormat, documents: (DocumentParts & { location_id: number; revision: number; catalog_revision: number })[]): Promise<void> {
  if (documents.length === 0) return;
  await db
    .insertInto(DOCUMENT_TABLES[format] as 'location_documents_v2')
    .values(documents)
    .onConflict((conflict) =>
      conflict
        .column('location_id')
        .doUpdateSet((eb) => ({
          revision: eb.ref('excluded.revision'),
          catalog_revision: eb.ref('excluded.catalog_revision'),
          body: eb.ref('excluded.body'),
          hours_at: eb.ref('excluded.hours_at'),
          filters_at: eb.ref('excluded.filters_at'),
          fields_at: eb.ref('excluded.fields_at'),
          calls_to_action_at: eb.ref('excluded.calls_to_action_at'),
        }))
        .where((eb) =>
          eb.and([
            eb(sql.ref(`${DOCUMENT_TABLES[format]}.revision`), '<=', eb.ref('excluded.revision')),
            eb(sql.ref(`${DOCUMENT_TABLES[format]}.catalog_revision`), '<=', eb.ref('excluded.catalog_revision')),
          ]),
        ),
    )
    .execute();
}
