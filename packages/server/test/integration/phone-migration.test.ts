import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection.ts';
import { migrateTo, migrateToLatest } from '../../src/db/migrate.ts';
import { locationRow } from '../support/factories.ts';
import { createTestDatabase } from '../support/test-database.ts';

describe('the phone-number migration', () => {
  it("gives saved phone numbers their E.164 form, read in the location's country, else the project's", async () => {
    const fresh = await createTestDatabase();
    const handle = openDatabase(fresh.url, { poolSize: 1 });
    try {
      await migrateTo(handle, '20261126T1200_import_creators');
      const { db } = handle;
      const createdAt = '2026-01-01T00:00:00.000Z';
      const user = await db
        .insertInto('users')
        .values({ public_id: 'usr_p', email: 'p@example.com', name: 'P', created_at: createdAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      const project = await db
        .insertInto('projects')
        .values({
          public_id: 'prj_p',
          user_id: user.id,
          name: 'P',
          plan: 'business',
          personal: 1,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [slug, phone, country] of [
        ['austin', '(512) 555-0199', 'US'],
        ['dallas', '214 555 0100', 'USA'],
        ['berlin', '030 1234567', 'Germany'],
        ['no-country', '512 555 0142', null],
        ['sentence', 'call us', 'US'],
        ['none', null, 'US'],
      ] as const) {
        await db
          .insertInto('locations')
          .values(locationRow(project.id, { public_id: `loc_${slug}`, slug, name: slug, phone, country }))
          .execute();
      }
      await migrateToLatest(handle);
      const phones = await db.selectFrom('locations').select(['slug', 'phone_e164']).orderBy('slug').execute();
      expect(phones).toEqual([
        { slug: 'austin', phone_e164: '+15125550199' },
        { slug: 'berlin', phone_e164: '+49301234567' },
        { slug: 'dallas', phone_e164: '+12145550100' },
        { slug: 'no-country', phone_e164: '+15125550142' },
        { slug: 'none', phone_e164: null },
        { slug: 'sentence', phone_e164: null },
      ]);
    } finally {
      await handle.close();
      await fresh.dispose();
    }
  });
});
