import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { RowObjectStatement } from '../src/db/row-objects.ts';

describe('rows as fast objects', () => {
  const connection = new SQLite(':memory:');
  const columns = Array.from({ length: 30 }, (_, index) => `c${index}`);
  connection.exec(`create table wide (${columns.map((name) => `${name} text`).join(', ')})`);
  const insert = connection.prepare(`insert into wide values (${columns.map(() => '?').join(', ')})`);
  for (let row = 0; row < 3; row += 1) insert.run(columns.map((name, index) => (index % 7 === 0 ? null : `${name}-${row}`)));

  it("are the rows better-sqlite3 itself answers, in column order, for every way of reading them", () => {
    const sql = 'select rowid as id, * from wide order by rowid';
    const own = connection.prepare(sql).all();
    const statement = new RowObjectStatement(connection.prepare(sql));
    expect(statement.all([])).toEqual(own);
    expect(Object.keys(statement.all([])[0] as object)).toEqual(['id', ...columns]);
    expect([...statement.iterate([])]).toEqual(own);
  });

  it('keep the later of two columns of one name, as better-sqlite3 does', () => {
    const sql = 'select 1 as n, 2 as n';
    const [row] = new RowObjectStatement(connection.prepare(sql)).all([]) as Record<string, unknown>[];
    expect(row).toEqual(connection.prepare(sql).get());
    expect(row).toEqual({ n: 2 });
  });

  it('keep a column named __proto__ as an own property, never as the prototype', () => {
    const [row] = new RowObjectStatement(connection.prepare(`select 'x' as "__proto__"`)).all([]) as Record<string, unknown>[];
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toBe('x');
  });

  it('runs writes as they are, and frees the statement when an iteration stops early', () => {
    const write = new RowObjectStatement(connection.prepare('update wide set c1 = ? where rowid = ?'));
    expect(write.reader).toBe(false);
    expect(write.run(['changed', 1]).changes).toBe(1);
    const read = new RowObjectStatement(connection.prepare('select c1 from wide order by rowid'));
    const rows = read.iterate([]);
    expect(rows.next().value).toEqual({ c1: 'changed' });
    expect(read.busy).toBe(true);
    rows.return?.();
    expect(read.busy).toBe(false);
    expect(read.all([])).toEqual([{ c1: 'changed' }, { c1: 'c1-1' }, { c1: 'c1-2' }]);
  });
});
