import { type Kysely, sql } from 'kysely';

// The dashboard's settings screen orders each kind of setting by hand: every row gets a position (0 first), the
// existing ones numbered in their former order (ID order). And the store finder's design joins its branding on the
// project row: the widget's colours, font, corners and height, the defaults of its attributes, and the project's
// default unit and country (null: the widget's defaults, and the unit and country the locations suggest).

const SETTING_TABLES = ['location_types', 'markers', 'filters', 'custom_fields', 'calls_to_action'] as const;

const DESIGN_COLUMNS = [
  ['text_color', 'text'],
  ['background_color', 'text'],
  ['font_family', 'text'],
  ['corner_radius', 'integer'],
  ['widget_height', 'integer'],
  ['widget_units', 'text'],
  ['widget_language', 'text'],
  ['search_radius', 'double precision'],
  ['result_limit', 'integer'],
  ['map_consent', 'text'],
  ['default_unit', 'text'],
  ['default_country', 'text'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of SETTING_TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('position', 'integer', (column) => column.notNull().defaultTo(0))
      .execute();
    await sql`update ${sql.table(table)} set position = (select count(*) from ${sql.table(table)} as earlier
      where earlier.project_id = ${sql.table(table)}.project_id and earlier.id < ${sql.table(table)}.id)`.execute(db);
  }
  for (const [name, type] of DESIGN_COLUMNS) await db.schema.alterTable('projects').addColumn(name, type).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of [...DESIGN_COLUMNS].reverse()) await db.schema.alterTable('projects').dropColumn(name).execute();
  for (const table of SETTING_TABLES) await db.schema.alterTable(table).dropColumn('position').execute();
}
