import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection.ts';
import { describeTables, readRows } from '../../src/features/operations/table-copy.repository.ts';
import { createPostgresSchema, postgresReachable } from '../support/test-database.ts';

// How `locator copy` reads a table from a real database; how a row is written for its checksum and the order tables
// are copied in are unit tests (test/unit/table-checksum.test.ts), the command itself is tested end to end in
// test/system/cli-copy.test.ts.

const reachable = await postgresReachable();

describe.skipIf(!reachable)(
  'reading a table in key order on PostgreSQL (skipped when PostgreSQL does not answer)',
  () => {
    it('walks text keys by code point, as SQLite does, whatever the column collation, in batches without skips', async () => {
      const database = await createPostgresSchema();
      const handle = openDatabase(database.url, { poolSize: 1 });
      try {
        // A locale-aware collation orders "ä" next to "a" and ignores case first; code point order does not.
        await sql`create table words (word text collate "und-x-icu" primary key, n integer not null)`.execute(
          handle.db,
        );
        const words = ['a', 'B', 'ä', 'Z', '_x', 'é', 'e', 'E', '寿司', '🍣', 'zz', 'Ab'];
        await sql`insert into words (word, n) values ${sql.join(words.map((word, n) => sql`(${word}, ${n})`))}`.execute(
          handle.db,
        );
        const [layout] = await describeTables(handle.db);
        expect(layout).toEqual({
          name: 'words',
          columns: [
            { name: 'word', kind: 'text' },
            { name: 'n', kind: 'integer' },
          ],
          primaryKey: ['word'],
          references: [],
        });
        if (!layout) return;
        const read: string[] = [];
        let after: unknown[] | undefined;
        for (let batch = 0; batch < 20; batch += 1) {
          const rows = await readRows(handle.db, layout, after, 5);
          read.push(...rows.map((row) => String(row.word)));
          const last = rows.at(-1);
          if (rows.length < 5 || !last) break;
          after = [last.word];
        }
        // UTF-8 byte order is code point order, and what SQLite's BINARY collation compares.
        const codePointOrder = [...words].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)));
        expect(read).toEqual(codePointOrder);
      } finally {
        await handle.close();
        await database.dispose();
      }
    });
  },
);
