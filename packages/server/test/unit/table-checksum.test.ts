import { describe, expect, it } from 'vitest';
import { type ColumnLayout, canonicalRow, columnKind, TableChecksum } from '../../src/domain/table-checksum.ts';
import { dependencyOrder } from '../../src/domain/table-order.ts';

// The parts of `locator copy` that decide whether a copy is proven: how a row is written for its checksum, and the
// order tables are copied in. Reading a table in key order from a real database is tested in
// test/integration/table-copy.test.ts, the command itself end to end in test/system/cli-copy.test.ts.

const COLUMNS: ColumnLayout[] = [
  { name: 'id', kind: 'integer' },
  { name: 'lat', kind: 'real' },
  { name: 'name', kind: 'text' },
];

describe('columnKind', () => {
  it('reads SQLite and PostgreSQL type names alike', () => {
    expect(['integer', 'INTEGER', 'bigint', 'smallint'].map(columnKind)).toEqual([
      'integer',
      'integer',
      'integer',
      'integer',
    ]);
    expect(['double precision', 'real', 'numeric(10,2)', 'FLOAT'].map(columnKind)).toEqual([
      'real',
      'real',
      'real',
      'real',
    ]);
    expect(['text', 'character varying(255)', 'TEXT', ''].map(columnKind)).toEqual(['text', 'text', 'text', 'text']);
  });
});

describe('canonicalRow', () => {
  it('writes the same row the same way whatever the driver answered and in whatever column order', () => {
    const sqlite = { id: 7, lat: 36, name: 'Zürich' };
    const postgres = { name: 'Zürich', lat: 36.0, id: 7n };
    const numericString = { id: '7', lat: '36', name: 'Zürich' };
    expect(canonicalRow(COLUMNS, sqlite)).toBe('["7","36","Zürich"]');
    expect(canonicalRow(COLUMNS, postgres)).toBe(canonicalRow(COLUMNS, sqlite));
    expect(canonicalRow(COLUMNS, numericString)).toBe(canonicalRow(COLUMNS, sqlite));
    expect(canonicalRow([...COLUMNS].reverse(), sqlite)).toBe(canonicalRow(COLUMNS, sqlite));
  });

  it('tells apart what a copy must keep apart', () => {
    const base = canonicalRow(COLUMNS, { id: 1, lat: 59.91386812345679, name: 'a' });
    // What a single-precision column would keep of the double.
    expect(canonicalRow(COLUMNS, { id: 1, lat: Math.fround(59.91386812345679), name: 'a' })).not.toBe(base);
    expect(canonicalRow(COLUMNS, { id: 1, lat: 59.91386812345679 + Number.EPSILON * 64, name: 'a' })).not.toBe(base);
    expect(canonicalRow(COLUMNS, { id: 1, lat: 59.91386812345679, name: 'a ' })).not.toBe(base);
    expect(canonicalRow(COLUMNS, { id: 1, lat: null, name: 'a' })).not.toBe(
      canonicalRow(COLUMNS, { id: 1, lat: 0, name: 'a' }),
    );
    expect(canonicalRow(COLUMNS, { id: 1, lat: 0, name: null })).not.toBe(
      canonicalRow(COLUMNS, { id: 1, lat: 0, name: 'null' }),
    );
    expect(canonicalRow(COLUMNS, { id: 1, lat: -0, name: 'a' })).not.toBe(
      canonicalRow(COLUMNS, { id: 1, lat: 0, name: 'a' }),
    );
  });
});

describe('TableChecksum', () => {
  const checksumOf = (rows: Record<string, unknown>[]) => {
    const checksum = new TableChecksum(COLUMNS);
    for (const row of rows) checksum.add(row);
    return { digest: checksum.digest(), rows: checksum.rows };
  };

  it('is the same for the same rows, and changes with a value, a row or the order', () => {
    const rows = [
      { id: 1, lat: 1.5, name: 'a' },
      { id: 2, lat: null, name: 'line\nbreak' },
    ];
    expect(checksumOf(rows)).toEqual(checksumOf(rows.map((row) => ({ ...row }))));
    expect(checksumOf(rows).rows).toBe(2);
    expect(checksumOf([rows[0] ?? {}, { ...rows[1], name: 'line break' }]).digest).not.toBe(checksumOf(rows).digest);
    expect(checksumOf(rows.slice(0, 1)).digest).not.toBe(checksumOf(rows).digest);
    expect(checksumOf([...rows].reverse()).digest).not.toBe(checksumOf(rows).digest);
    // A row boundary cannot be faked by a value holding a line break: strings are JSON-escaped.
    expect(checksumOf([{ id: 1, lat: 1, name: 'a"]\n["2' }]).digest).not.toBe(
      checksumOf([
        { id: 1, lat: 1, name: 'a' },
        { id: 2, lat: 1, name: '' },
      ]).digest,
    );
  });
});

describe('dependencyOrder', () => {
  it('puts every table after those it refers to, ties by name', () => {
    expect(
      dependencyOrder([
        { name: 'locations', references: ['projects', 'markers'] },
        { name: 'markers', references: ['projects'] },
        { name: 'projects', references: ['users'] },
        { name: 'users', references: [] },
        { name: 'cache', references: [] },
        { name: 'tree', references: ['tree'] },
      ]),
    ).toEqual(['cache', 'tree', 'users', 'projects', 'markers', 'locations']);
  });

  it('refuses a cycle and a reference to a table it was not given', () => {
    expect(() =>
      dependencyOrder([
        { name: 'a', references: ['b'] },
        { name: 'b', references: ['a'] },
      ]),
    ).toThrow('The foreign keys of a, b form a cycle.');
    expect(() => dependencyOrder([{ name: 'a', references: ['ghost'] }])).toThrow('Table a refers to ghost');
  });
});
