import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateAddress } from '../../src/domain/address.ts';
import type { CreatedUser } from '../../src/features/accounts/accounts.service.ts';
import { createCatalogAccount, fullLocationBody, INCLUDE_ALL } from '../support/factories.ts';
import { call, useTestServer } from '../support/server.ts';

// Writes of one location must wait for each other: each plans from what is saved (the generated address, the
// schedule), so two that overlap would otherwise each write a plan made from a state the other just replaced.
// The races matter on PostgreSQL, where transactions run side by side; SQLite runs them one after the other.

const server = useTestServer();
let account: CreatedUser;
let base: string;

const LOCATIONS = 24;
const v2 = (method: string, path: string, body?: unknown) =>
  call(server, method, path, { token: account.token.token, ...(body !== undefined ? { body } : {}) });

async function createLocations(count: number): Promise<string[]> {
  const created = await Promise.all(
    Array.from({ length: count }, (_, n) =>
      v2('POST', base, fullLocationBody({ name: `Store ${n}`, address_line_1: `${n} Main St`, city: 'Austin' })),
    ),
  );
  return created.map((response) => {
    expect(response.status, response.text).toBe(201);
    return response.body.data.id as string;
  });
}

async function read(id: string) {
  const response = await v2('GET', `${base}/${id}?${INCLUDE_ALL}`);
  expect(response.status, response.text).toBe(200);
  return response.body.data;
}

beforeAll(async () => {
  ({ account, locations: base } = await createCatalogAccount(server));
});

describe('two PATCHes of one location at once', () => {
  it('both persist, and the generated address is made from the final components', async () => {
    const ids = await createLocations(LOCATIONS);
    for (let round = 0; round < 3; round += 1) {
      const answers = await Promise.all(
        ids.flatMap((id, n) => [
          v2('PATCH', `${base}/${id}`, { city: `City ${round}-${n}` }),
          v2('PATCH', `${base}/${id}`, { address_line_1: `${round} Round St ${n}` }),
        ]),
      );
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
      for (const [n, id] of ids.entries()) {
        const location = await read(id);
        expect(location).toMatchObject({ city: `City ${round}-${n}`, address_line_1: `${round} Round St ${n}` });
        expect(location.address).toBe(generateAddress(location));
        expect(location.display_address).toBe(location.address);
      }
    }
  });

  it('keeps both days when each PATCH sets another day of the schedule', async () => {
    const ids = await createLocations(LOCATIONS);
    const answers = await Promise.all(
      ids.flatMap((id) => [
        v2('PATCH', `${base}/${id}`, { hours: { mon: '07:00-11:00' } }),
        v2('PATCH', `${base}/${id}`, { hours: { tue: '12:00-23:00' } }),
      ]),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    for (const id of ids) {
      const { hours } = await read(id);
      expect(hours).toMatchObject({ mon: '07:00-11:00', tue: '12:00-23:00', wed: '09:00-12:00,13:00-17:00' });
    }
  });
});

describe('a PUT and a DELETE of one location at once', () => {
  it('never fails or leaves part of a location behind: the PUT wins whole or finds it gone', async () => {
    const ids = await createLocations(LOCATIONS);
    const v1Ids = await Promise.all(
      ids.map(
        async (id) =>
          (
            await server.database.db
              .selectFrom('locations')
              .select('id')
              .where('public_id', '=', id)
              .executeTakeFirstOrThrow()
          ).id,
      ),
    );
    const replacement = fullLocationBody({
      name: 'Replaced',
      city: 'Dallas',
      lat: 0,
      hours: {
        mon: 'closed',
        tue: 'closed',
        wed: 'closed',
        thu: 'closed',
        fri: 'closed',
        sat: 'closed',
        sun: 'closed',
      },
      filters: ['Accessible'],
      fields: { Manager: 'Grace' },
      callsToAction: { Book: 'https://example.com/book' },
    });
    const answers = await Promise.all(
      ids.map((id) => Promise.all([v2('PUT', `${base}/${id}`, replacement), v2('DELETE', `${base}/${id}`)])),
    );
    for (const [put, remove] of answers) {
      expect(remove.status, remove.text).toBe(200);
      expect([200, 404], put.text).toContain(put.status);
      // A PUT that answers 200 saved all of itself before the DELETE took the location.
      if (put.status === 200) {
        expect(put.body.data).toMatchObject({
          name: 'Replaced',
          city: 'Dallas',
          filters: [expect.objectContaining({ name: 'Accessible' })],
          fields: [expect.objectContaining({ value: 'Grace' })],
        });
      }
    }
    for (const id of ids) expect((await v2('GET', `${base}/${id}`)).status).toBe(404);
    expect(await rowsOfLocations(v1Ids)).toEqual({
      locations: 0,
      opening_hours: 0,
      location_filters: 0,
      location_field_values: 0,
      location_calls_to_action: 0,
      geocoding_jobs: 0,
    });
    expect(await orphanedRows()).toBe(0);
  });
});

const LOCATION_TABLES = [
  'opening_hours',
  'location_filters',
  'location_field_values',
  'location_calls_to_action',
  'geocoding_jobs',
] as const;

/** Rows still held for the given locations, per table. */
async function rowsOfLocations(locationIds: number[]): Promise<Record<string, number>> {
  const { db } = server.database;
  const count = async (table: 'locations' | (typeof LOCATION_TABLES)[number]) => {
    const column = table === 'locations' ? 'id' : 'location_id';
    const { rows } = await sql<{
      n: number;
    }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} in (${sql.join(locationIds)})`.execute(
      db,
    );
    return Number(rows[0]?.n);
  };
  const entries = await Promise.all(
    (['locations', ...LOCATION_TABLES] as const).map(async (table) => [table, await count(table)] as const),
  );
  return Object.fromEntries(entries);
}

/** Rows of any attachment table whose location no longer exists. */
async function orphanedRows(): Promise<number> {
  const { db } = server.database;
  let total = 0;
  for (const table of LOCATION_TABLES) {
    const { rows } = await sql<{
      n: number;
    }>`select count(*) as n from ${sql.table(table)} where location_id not in (select id from locations)`.execute(db);
    total += Number(rows[0]?.n);
  }
  return total;
}

describe('creates of one name at once', () => {
  it('all succeed, each with a slug of its own', async () => {
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => v2('POST', base, fullLocationBody({ name: 'Twin Peaks' }))),
    );
    expect(responses.map((response) => response.status)).toEqual(responses.map(() => 201));
    const slugs = responses.map((response) => response.body.data.slug as string);
    expect(new Set(slugs).size).toBe(12);
    expect(slugs).toContain('twin-peaks');
  });
});
