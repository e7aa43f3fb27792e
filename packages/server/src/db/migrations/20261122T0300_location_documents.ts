import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../connection.ts';

// Reads answer from stored representations (`location_documents_v2`, `location_documents_v1`) rather than building each
// location's JSON from its rows on every request. A stored document is valid while it carries the location's current
// `revision` and its project's current `catalog_revision`; triggers move both on every change, whoever writes (the API,
// the geocoding worker, the CLI, a cascade), so a document can never be served for a state it was not built from.
//   - `locations.revision` moves on any update of the location's row and on any change of its opening hours,
//     filters, fields or calls to action.
//   - `projects.catalog_revision` moves on any change of the project's location types, markers, filters, custom
//     fields, calls to action or images: their names and settings appear inside the documents of many locations,
//     and location writes plan from them (a process may keep a project's catalog while its revision stands).

const ATTACHMENT_TABLES = [
  'opening_hours',
  'location_filters',
  'location_field_values',
  'location_calls_to_action',
] as const;
const CATALOG_TABLES = ['location_types', 'markers', 'filters', 'custom_fields', 'calls_to_action', 'images'] as const;
const OPERATIONS = ['insert', 'update', 'delete'] as const;
const DOCUMENT_TABLES = ['location_documents_v2', 'location_documents_v1'] as const;

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('locations')
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('projects')
    .addColumn('catalog_revision', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // One table per API, keyed by the location's ID alone: on SQLite that is the rowid, so a read finds a document in
  // one b-tree rather than an index and then the table (a third less time for a GET in the benchmark).
  for (const table of DOCUMENT_TABLES) {
    await db.schema
      .createTable(table)
      .addColumn('location_id', 'integer', (c) => c.primaryKey().references('locations.id').onDelete('cascade'))
      .addColumn('revision', 'integer', (c) => c.notNull())
      .addColumn('catalog_revision', 'integer', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('hours_at', 'integer')
      .addColumn('filters_at', 'integer')
      .addColumn('fields_at', 'integer')
      .addColumn('calls_to_action_at', 'integer')
      .execute();
  }
  if (dialect === 'sqlite') await sqliteTriggers(db);
  else await postgresTriggers(db);
}

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  // A write that moves the revision itself (the API's updates do) is left alone; any other update moves it here.
  await sql`create trigger locations_revision after update on locations when new.revision = old.revision begin
      update locations set revision = old.revision + 1 where id = new.id;
    end`.execute(db);
  for (const table of ATTACHMENT_TABLES) {
    for (const operation of OPERATIONS) {
      const touched =
        operation === 'insert'
          ? sql`new.location_id`
          : operation === 'delete'
            ? sql`old.location_id`
            : sql`old.location_id, new.location_id`;
      await sql`create trigger ${sql.id(`${table}_revision_${operation}`)} after ${sql.raw(operation)} on ${sql.table(table)} begin
          update locations set revision = revision + 1 where id in (${touched});
        end`.execute(db);
    }
  }
  for (const table of CATALOG_TABLES) {
    for (const operation of OPERATIONS) {
      const touched =
        operation === 'insert'
          ? sql`new.project_id`
          : operation === 'delete'
            ? sql`old.project_id`
            : sql`old.project_id, new.project_id`;
      await sql`create trigger ${sql.id(`${table}_catalog_revision_${operation}`)} after ${sql.raw(operation)} on ${sql.table(table)} begin
          update projects set catalog_revision = catalog_revision + 1 where id in (${touched});
        end`.execute(db);
    }
  }
}

// PostgreSQL: a row trigger moves the location's revision within its own update; the attachment and catalog triggers
// run once per statement over its transition tables, so a bulk import does not update a location or project row per
// inserted row (see 20261122T0200).
async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`create function locations_next_revision() returns trigger language plpgsql as $$
      begin
        if new.revision = old.revision then new.revision := old.revision + 1; end if;
        return new;
      end
    $$`.execute(db);
  await sql`create trigger locations_revision before update on locations for each row execute function locations_next_revision()`.execute(
    db,
  );

  const moves = [
    {
      fn: 'location_attachments_changed',
      update: sql`update locations set revision = revision + 1 where id in`,
      key: sql`location_id`,
      tables: ATTACHMENT_TABLES,
    },
    {
      fn: 'location_catalog_changed',
      update: sql`update projects set catalog_revision = catalog_revision + 1 where id in`,
      key: sql`project_id`,
      tables: CATALOG_TABLES,
    },
  ];
  for (const { fn, update, key, tables } of moves) {
    // Inserts and deletes name their transition table `changed`; updates also name the rows before, `changed_before`.
    await sql`create function ${sql.id(fn)}() returns trigger language plpgsql as $$
        begin
          if tg_op = 'UPDATE' then
            ${update} (select ${key} from changed union select ${key} from changed_before);
          else
            ${update} (select ${key} from changed);
          end if;
          return null;
        end
      $$`.execute(db);
    for (const table of tables) {
      await sql`create trigger ${sql.id(`${table}_${fn}_insert`)} after insert on ${sql.table(table)}
          referencing new table as changed for each statement execute function ${sql.id(fn)}()`.execute(db);
      await sql`create trigger ${sql.id(`${table}_${fn}_update`)} after update on ${sql.table(table)}
          referencing old table as changed_before new table as changed for each statement execute function ${sql.id(fn)}()`.execute(
        db,
      );
      await sql`create trigger ${sql.id(`${table}_${fn}_delete`)} after delete on ${sql.table(table)}
          referencing old table as changed for each statement execute function ${sql.id(fn)}()`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect === 'sqlite') {
    await sql`drop trigger locations_revision`.execute(db);
    for (const table of ATTACHMENT_TABLES) {
      for (const operation of OPERATIONS)
        await sql`drop trigger ${sql.id(`${table}_revision_${operation}`)}`.execute(db);
    }
    for (const table of CATALOG_TABLES) {
      for (const operation of OPERATIONS)
        await sql`drop trigger ${sql.id(`${table}_catalog_revision_${operation}`)}`.execute(db);
    }
  } else {
    await sql`drop trigger locations_revision on locations`.execute(db);
    await sql`drop function locations_next_revision()`.execute(db);
    for (const [fn, tables] of [
      ['location_attachments_changed', ATTACHMENT_TABLES],
      ['location_catalog_changed', CATALOG_TABLES],
    ] as const) {
      for (const table of tables) {
        for (const operation of OPERATIONS)
          await sql`drop trigger ${sql.id(`${table}_${fn}_${operation}`)} on ${sql.table(table)}`.execute(db);
      }
      await sql`drop function ${sql.id(fn)}()`.execute(db);
    }
  }
  for (const table of DOCUMENT_TABLES) await db.schema.dropTable(table).execute();
  await db.schema.alterTable('projects').dropColumn('catalog_revision').execute();
  await db.schema.alterTable('locations').dropColumn('revision').execute();
}
