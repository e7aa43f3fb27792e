import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from '../../src/db/statement-cache.ts';

describe('the SQLite statement cache', () => {
  const connection = new SQLite(':memory:');
  connection.exec('create table numbers (n integer); insert into numbers values (1), (2), (3)');

  it('prepares a statement once and hands the same one back for the same SQL', () => {
    const database = withStatementCache(connection);
    const first = database.prepare('select n from numbers where n > ?');
    expect(database.prepare('select n from numbers where n > ?')).toBe(first);
    expect(database.prepare('select n from numbers where n < ?')).not.toBe(first);
    expect(first.all([1])).toEqual([{ n: 2 }, { n: 3 }]);
  });

  it('gives a fresh statement while the cached one is still iterating', () => {
    const database = withStatementCache(connection);
    const sql = 'select n from numbers order by n';
    const streaming = database.prepare(sql).iterate([]);
    expect(streaming.next().value).toEqual({ n: 1 });
    const meanwhile = database.prepare(sql);
    expect(meanwhile.all([])).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect([...streaming]).toEqual([{ n: 2 }, { n: 3 }]);
  });

  it('keeps at most its capacity, dropping the least recently used', () => {
    const database = withStatementCache(connection, 2);
    const a = database.prepare('select 1');
    const b = database.prepare('select 2');
    expect(database.prepare('select 1')).toBe(a);
    database.prepare('select 3');
    expect(database.prepare('select 1')).toBe(a);
    expect(database.prepare('select 2')).not.toBe(b);
  });
});
