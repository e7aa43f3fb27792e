import type { ColumnDefinitionBuilder } from 'kysely';
import type { DialectName } from '../connection.ts';

/**
 * The database-numbered integer primary key of a table. SQLite: `integer primary key autoincrement`, so a deleted
 * row's ID is never handed out again. PostgreSQL: an identity column (its sequence never reuses values either);
 * "by default" rather than "always" so a data copy between databases can keep the IDs it brings.
 * Every migration that creates a table with an `id` uses it, so the DDL runs on both dialects.
 * @example db.schema.createTable('widgets').addColumn('id', 'integer', idColumn(dialect))
 */
export function idColumn(dialect: DialectName): (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder {
  switch (dialect) {
    case 'sqlite':
      return (column) => column.primaryKey().autoIncrement();
    case 'postgres':
      return (column) => column.primaryKey().generatedByDefaultAsIdentity();
  }
}
