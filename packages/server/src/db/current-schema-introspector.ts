import {
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type Kysely,
  PostgresDialect,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from 'kysely';

/**
 * Kysely's own PostgreSQL introspector lists the tables of every schema and calls functions that resolve each
 * schema's name again, so a schema dropped by another process meanwhile fails the lookup ("schema ... does not
 * exist"). The migrator only asks about its tables in the connection's schema: this introspector looks there alone
 * and resolves no names.
 */
export class CurrentSchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;

  constructor(db: Kysely<unknown>) {
    this.#db = db;
  }

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string | null }>`select current_schema() as name`.execute(this.#db);
    return rows.flatMap(({ name }) => (name ? [{ name }] : []));
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      select ns.nspname as schema, c.relname as table, c.relkind as kind, a.attname as column, a.attnotnull as not_null,
             a.atthasdef as has_default, a.attidentity <> '' as identity, typ.typname as type, dtns.nspname as type_schema
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      join pg_catalog.pg_type typ on typ.oid = a.atttypid
      join pg_catalog.pg_namespace dtns on dtns.oid = typ.typnamespace
      where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p')
      order by c.relname, a.attnum`.execute(this.#db);
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      const table = tables.get(row.table) ?? {
        name: row.table,
        schema: row.schema,
        isView: row.kind === 'v',
        columns: [],
      };
      tables.set(row.table, table);
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default,
        isAutoIncrementing: row.identity,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() };
  }
}

interface ColumnRow {
  schema: string;
  table: string;
  kind: string;
  column: string;
  not_null: boolean;
  has_default: boolean;
  identity: boolean;
  type: string;
  type_schema: string;
}

/** PostgreSQL as Kysely speaks it, introspecting the connection's own schema only. */
export class CurrentSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}
