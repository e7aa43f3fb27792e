import type { Database as SqliteConnection, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';
import { LRUCache } from 'lru-cache';

/**
 * The connection as Kysely's SQLite dialect sees it, keeping the most recently used prepared statements by SQL text.
 * Kysely prepares a statement for every query, and preparing costs about as much as running a simple indexed
 * lookup; the API runs the same few dozen statements over and over. A statement still busy iterating (a stream)
 * is never handed out twice: that query gets a fresh one.
 * @example new SqliteDialect({ database: withStatementCache(new SQLite('data.db')) })
 */
export function withStatementCache(connection: SqliteConnection, capacity = 500): SqliteDatabase {
  const statements = new LRUCache<string, Statement>({ max: capacity });
  return {
    close: () => connection.close(),
    prepare(sql) {
      const cached = statements.get(sql);
      if (cached && !cached.busy) return cached;
      const statement = connection.prepare(sql);
      if (!cached) statements.set(sql, statement);
      return statement;
    },
  };
}
