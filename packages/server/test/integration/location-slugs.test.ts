import { describe, expect, it } from 'vitest';
import { nthSlug } from '../../src/domain/slug.ts';
import type { CreatedUser } from '../../src/features/accounts/accounts.service.ts';
import { locationRow } from '../support/factories.ts';
import { call, createAccount, useTestServer } from '../support/server.ts';

const server = useTestServer();

// How the search for a free slug asks for taken ones is a unit test: test/unit/slug-search.test.ts.

async function create(account: CreatedUser, name: string): Promise<string> {
  const response = await call(server, 'POST', `/api/v2/projects/${account.project.public_id}/locations`, {
    token: account.token.token,
    body: { name, city: 'Austin', lat: 30.27, lng: -97.74 },
  });
  expect(response.status).toBe(201);
  return response.body.data.slug;
}

describe('the slug of a new location', () => {
  it('is the first free one of base, base-2, base-3, … in the project', async () => {
    const account = await createAccount(server);
    expect(await create(account, 'Main St')).toBe('main-st');
    expect(await create(account, 'Main St 3')).toBe('main-st-3');
    expect(await create(account, 'Main St')).toBe('main-st-2');
    expect(await create(account, 'Main St')).toBe('main-st-4');
    // A slug that merely starts with the base is no obstacle.
    expect(await create(account, 'Main Street')).toBe('main-street');
    const other = await createAccount(server);
    expect(await create(other, 'Main St')).toBe('main-st');
  });

  it('is found past a thousand taken ones', async () => {
    const account = await createAccount(server);
    const rows = Array.from({ length: 1001 }, (_, index) =>
      locationRow(account.project.id, {
        public_id: `loc_kiosk${index}`,
        slug: nthSlug('kiosk', index + 1),
        name: 'Kiosk',
      }),
    );
    for (let start = 0; start < rows.length; start += 200) {
      await server.database.db
        .insertInto('locations')
        .values(rows.slice(start, start + 200))
        .execute();
    }
    expect(await create(account, 'Kiosk')).toBe('kiosk-1002');
  });
});
