import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slugCandidates, uniqueSlug } from '../src/domain/slug.ts';
import type { CreatedUser } from '../src/services/accounts.service.ts';
import { call, createAccount, startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.stop());

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
    const now = new Date().toISOString();
    const rows = slugCandidates('kiosk', 1, 1001).map((slug, n) => ({
      public_id: `loc_kiosk${n}`,
      project_id: account.project.id,
      slug,
      name: 'Kiosk',
      address: '',
      display_address: '',
      address_generated: 1,
      display_address_generated: 1,
      visible: 1,
      created_at: now,
      updated_at: now,
    }));
    for (let start = 0; start < rows.length; start += 200) {
      await server.database.db.insertInto('locations').values(rows.slice(start, start + 200)).execute();
    }
    expect(await create(account, 'Kiosk')).toBe('kiosk-1002');
  });
});

describe('slug candidates', () => {
  it('are what uniqueSlug tries, in its order, from any position', () => {
    expect(slugCandidates('main-st', 1, 3)).toEqual(['main-st', 'main-st-2', 'main-st-3']);
    expect(slugCandidates('main-st', 4, 2)).toEqual(['main-st-4', 'main-st-5']);
    expect(uniqueSlug('main-st', new Set(slugCandidates('main-st', 1, 3)))).toBe('main-st-4');
  });
});
