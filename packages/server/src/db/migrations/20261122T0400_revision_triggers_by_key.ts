import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DialectName } from '../connection.ts';

// SQLite: the revision triggers of 20261122T0300 found their row with `where id in (new.location_id)`. SQLite turns
// `x in (one value)` into `x = value` only when the value is a constant; a trigger's `new.location_id` is not, so
// every firing built and searched a temporary table: 30 µs per attached row instead of 4, about 200 µs of a create
// with hours, three filters, two fields and a call to action. These triggers name the row by `=`; an update, which
// can move a row to another location or project, moves the old one's revision only when it differs.
// PostgreSQL's statement triggers are unchanged.

const ATTACHMENT_TABLES = [
  'opening_hours',
  'location_filters',
  'location_field_values',
  'location_calls_to_action',
] as const;
const CATALOG_TABLES = ['location_types', 'markers', 'filters', 'custom_fields', 'calls_to_action', 'images'] as const;
const OPERATIONS = ['insert', 'update', 'delete'] as const;
type Operation = (typeof OPERATIONS)[number];

interface RevisionMove {
  /** The tables whose triggers these are, and the suffix of their names. */
  tables: readonly string[];
  suffix: string;
  /** The update that moves a revision, without its WHERE. */
  update: RawBuilder<unknown>;
  /** The column of the changed row naming the location or project. */
  key: string;
}

const MOVES: RevisionMove[] = [
  {
    tables: ATTACHMENT_TABLES,
    suffix: 'revision',
    key: 'location_id',
    update: sql`update locations set revision = revision + 1`,
  },
  {
    tables: CATALOG_TABLES,
    suffix: 'catalog_revision',
    key: 'project_id',
    update: sql`update projects set catalog_revision = catalog_revision + 1`,
  },
];

function bodyByKey({ key, update }: RevisionMove, operation: Operation): RawBuilder<unknown> {
  const newKey = sql.ref(`new.${key}`);
  const oldKey = sql.ref(`old.${key}`);
  if (operation === 'insert') return sql`${update} where id = ${newKey};`;
  if (operation === 'delete') return sql`${update} where id = ${oldKey};`;
  return sql`${update} where id = ${newKey}; ${update} where id = ${oldKey} and ${oldKey} <> ${newKey};`;
}

/** The bodies of 20261122T0300, which `down` restores. */
function bodyByList({ key, update }: RevisionMove, operation: Operation): RawBuilder<unknown> {
  const touched =
    operation === 'insert'
      ? sql.ref(`new.${key}`)
      : operation === 'delete'
        ? sql.ref(`old.${key}`)
        : sql`${sql.ref(`old.${key}`)}, ${sql.ref(`new.${key}`)}`;
  return sql`${update} where id in (${touched});`;
}

async function replaceTriggers(
  db: Kysely<unknown>,
  body: (move: RevisionMove, operation: Operation) => RawBuilder<unknown>,
): Promise<void> {
  for (const move of MOVES) {
    for (const table of move.tables) {
      for (const operation of OPERATIONS) {
        const name = sql.id(`${table}_${move.suffix}_${operation}`);
        await sql`drop trigger ${name}`.execute(db);
        await sql`create trigger ${name} after ${sql.raw(operation)} on ${sql.table(table)} begin ${body(move, operation)} end`.execute(
          db,
        );
      }
    }
  }
}

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect === 'sqlite') await replaceTriggers(db, bodyByKey);
}

export async function down(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect === 'sqlite') await replaceTriggers(db, bodyByList);
}
