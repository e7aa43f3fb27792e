import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { newPublicId } from '../../src/domain/ids.ts';
import type { CreatedUser } from '../../src/features/accounts/accounts.service.ts';
import { createCatalogAccount, fullLocationBody } from '../support/factories.ts';
import { call, useTestServer } from '../support/server.ts';

// Location writes plan from the project's catalog, which each process keeps while its revision stands. A change of
// the catalog by anyone (this API, another process, SQL) must be seen by the very next write.

const server = useTestServer();
let account: CreatedUser;
let base: string;

const v2 = (method: string, path: string, body?: unknown) =>
  call(server, method, path, { token: account.token.token, ...(body !== undefined ? { body } : {}) });

beforeEach(async () => {
  ({ account, locations: base } = await createCatalogAccount(server));
});

describe('location writes and the project catalog', () => {
  it('plan from a filter renamed in the database since the last write', async () => {
    const created = await v2('POST', base, fullLocationBody({ filters: ['Wifi'] }));
    expect(created.status).toBe(201);
    await sql`update filters set name = 'Free Wifi' where project_id = ${account.project.id} and name = 'Wifi'`.execute(
      server.database.db,
    );
    const patched = await v2('PATCH', `${base}/${created.body.data.id}`, { filters: ['Free Wifi'] });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.data.filters.map((filter: { name: string }) => filter.name)).toEqual(['Free Wifi']);
    expect((await v2('PATCH', `${base}/${created.body.data.id}`, { filters: ['Wifi'] })).status).toBe(422);
  });

  it('plan from entries added and removed elsewhere since the last write', async () => {
    expect((await v2('POST', base, fullLocationBody())).status).toBe(201);
    const now = new Date().toISOString();
    await server.database.db
      .insertInto('custom_fields')
      .values({
        project_id: account.project.id,
        public_id: newPublicId('field'),
        name: 'Parking spaces',
        created_at: now,
      })
      .execute();
    await server.database.db
      .insertInto('images')
      .values({
        project_id: account.project.id,
        public_id: newPublicId('image'),
        name: 'night',
        url: 'https://cdn.example.com/night.jpg',
        created_at: now,
      })
      .execute();
    const created = await v2('POST', base, fullLocationBody({ fields: { 'Parking spaces': '12' }, cover: 'night' }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.fields).toContainEqual(expect.objectContaining({ name: 'Parking spaces', value: '12' }));
    expect(created.body.data.cover_image_url).toBe('https://cdn.example.com/night.jpg');
    await sql`delete from markers where project_id = ${account.project.id} and name = 'Blue'`.execute(
      server.database.db,
    );
    expect((await v2('POST', base, fullLocationBody({ marker: 'Blue' }))).status).toBe(422);
  });
});
