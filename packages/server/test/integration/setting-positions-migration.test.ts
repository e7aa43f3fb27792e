import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection.ts';
import { migrateTo, migrateToLatest } from '../../src/db/migrate.ts';
import { createTestDatabase } from '../support/test-database.ts';

describe('the migration of setting positions and the finder design', () => {
  it("numbers each project's existing settings in their former (ID) order, and goes down again", async () => {
    const fresh = await createTestDatabase();
    const handle = openDatabase(fresh.url, { poolSize: 1 });
    try {
      await migrateTo(handle, '20261128T2000_search_analytics');
      const { db } = handle;
      const at = '2026-01-01T00:00:00.000Z';
      const user = await db
        .insertInto('users')
        .values({ public_id: 'usr_m', email: 'm@example.com', name: 'M', created_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      const projectIds: number[] = [];
      for (const publicId of ['prj_a', 'prj_b']) {
        const project = await db
          .insertInto('projects')
          .values({
            public_id: publicId,
            user_id: user.id,
            name: publicId,
            plan: 'business',
            personal: 0,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        projectIds.push(project.id);
      }
      // Interleaved between the two projects, so each project's numbers start at 0 of its own.
      for (const [n, name] of ['A1', 'B1', 'A2', 'B2', 'A3'].entries()) {
        await sql`insert into filters (public_id, project_id, name, created_at)
          values (${`flt_${n}`}, ${projectIds[name.startsWith('A') ? 0 : 1]}, ${name}, ${at})`.execute(db);
      }
      await migrateToLatest(handle);
      const rows = await db.selectFrom('filters').select(['name', 'position']).orderBy('id').execute();
      expect(rows).toEqual([
        { name: 'A1', position: 0 },
        { name: 'B1', position: 0 },
        { name: 'A2', position: 1 },
        { name: 'B2', position: 1 },
        { name: 'A3', position: 2 },
      ]);
      const design = await db.selectFrom('projects').select(['text_color', 'default_country']).execute();
      expect(design).toEqual([
        { text_color: null, default_country: null },
        { text_color: null, default_country: null },
      ]);

      await migrateTo(handle, '20261128T2000_search_analytics');
      const { rows: after } = await sql<Record<string, unknown>>`select * from filters`.execute(db);
      expect(Object.keys(after[0] ?? {})).not.toContain('position');
    } finally {
      await handle.close();
      await fresh.dispose();
    }
  });
});
