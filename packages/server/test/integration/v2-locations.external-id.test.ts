import { beforeEach, describe, expect, it } from 'vitest';
import type { CreatedUser } from '../../src/features/accounts/accounts.service.ts';
import { createCatalogAccount, fullLocationBody } from '../support/factories.ts';
import { call, useTestServer } from '../support/server.ts';

const server = useTestServer();
let account: CreatedUser;
let base: string;

const v2 = (method: string, path: string, body?: unknown) =>
  call(server, method, path, { token: account.token.token, ...(body !== undefined ? { body } : {}) });

beforeEach(async () => {
  ({ account, locations: base } = await createCatalogAccount(server));
});

describe('external_id on V2 locations', () => {
  it('is null by default, shown second in every body, and set by POST, PATCH and PUT', async () => {
    const created = await v2('POST', base, fullLocationBody());
    expect(created.status).toBe(201);
    expect(Object.keys(created.body.data).slice(0, 2)).toEqual(['id', 'external_id']);
    expect(created.body.data.external_id).toBeNull();
    const id = created.body.data.id;

    expect((await v2('PATCH', `${base}/${id}`, { external_id: ' S-1 ' })).body.data.external_id).toBe('S-1');
    expect((await v2('PUT', `${base}/${id}`, fullLocationBody({ external_id: 'S-2' }))).body.data.external_id).toBe(
      'S-2',
    );
    // PUT without it keeps it, as every omitted basic field.
    expect((await v2('PUT', `${base}/${id}`, fullLocationBody())).body.data.external_id).toBe('S-2');
    expect((await v2('GET', `${base}/${id}`)).body.data.external_id).toBe('S-2');
    expect((await v2('PATCH', `${base}/${id}`, { external_id: '' })).body.data.external_id).toBeNull();
    expect((await v2('POST', base, fullLocationBody({ external_id: 'S-3' }))).body.data.external_id).toBe('S-3');
  });

  it('is unique in the project: a duplicate is 422 naming the holder, and nothing is saved', async () => {
    const first = (await v2('POST', base, fullLocationBody({ external_id: 'S-1' }))).body.data;
    const second = (await v2('POST', base, fullLocationBody({ name: 'Second' }))).body.data;

    const duplicate = await v2('POST', base, fullLocationBody({ name: 'Third', external_id: 'S-1' }));
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.errors.external_id[0]).toContain(first.id);
    const patched = await v2('PATCH', `${base}/${second.id}`, { external_id: 'S-1', phone: '+1 555 0100' });
    expect(patched.status).toBe(422);
    expect((await v2('GET', `${base}/${second.id}`)).body.data).toMatchObject({
      external_id: null,
      phone: second.phone,
    });
    expect((await v2('PUT', `${base}/${second.id}`, fullLocationBody({ external_id: 'S-1' }))).status).toBe(422);
    // Its own key again is no duplicate; another project's locations may use the same key.
    expect((await v2('PATCH', `${base}/${first.id}`, { external_id: 'S-1' })).status).toBe(200);
    const other = await createCatalogAccount(server);
    const elsewhere = await call(server, 'POST', other.locations, {
      token: other.account.token.token,
      body: fullLocationBody({ external_id: 'S-1' }),
    });
    expect(elsewhere.status).toBe(201);
    expect((await v2('GET', `${base}?limit=100`)).body.data).toHaveLength(2);
  });

  it('is at most 255 characters', async () => {
    const response = await v2('POST', base, fullLocationBody({ external_id: 'x'.repeat(256) }));
    expect(response.status).toBe(422);
    expect(response.body.errors.external_id).toEqual(['must be at most 255 characters']);
  });

  it('filters a list exactly (external_id=), case-sensitively', async () => {
    await v2('POST', base, fullLocationBody({ name: 'A', external_id: 'abc' }));
    await v2('POST', base, fullLocationBody({ name: 'B', external_id: 'ABC' }));
    await v2('POST', base, fullLocationBody({ name: 'C' }));
    const found = await v2('GET', `${base}?external_id=ABC`);
    expect(found.status).toBe(200);
    expect(found.body.data.map((location: { name: string }) => location.name)).toEqual(['B']);
    expect(found.body.meta.total).toBe(1);
    expect((await v2('GET', `${base}?external_id=nothing`)).body.data).toEqual([]);
    expect((await v2('GET', `${base}?external_id[like]=a`)).status).toBe(422);
  });

  it('never appears in V1 answers', async () => {
    const created = await call(server, 'POST', '/api/locations', {
      token: account.legacyToken.token,
      body: { name: 'Legacy', city: 'Austin' },
    });
    expect(created.status).toBe(201);
    expect(created.body).not.toHaveProperty('external_id');
    const list = await v2('GET', `${base}`);
    const v2Id = list.body.data[0].id;
    await v2('PATCH', `${base}/${v2Id}`, { external_id: 'K-1' });
    const read = await call(server, 'GET', `/api/locations/${created.body.id}`, { token: account.legacyToken.token });
    expect(read.body).not.toHaveProperty('external_id');
    const page = await call(server, 'GET', '/api/locations', { token: account.legacyToken.token });
    expect(page.body.data[0]).not.toHaveProperty('external_id');
    // A V1 PUT keeps the key it cannot see.
    await call(server, 'PUT', `/api/locations/${created.body.id}`, {
      token: account.legacyToken.token,
      body: { name: 'Legacy 2' },
    });
    expect((await v2('GET', `${base}/${v2Id}`)).body.data.external_id).toBe('K-1');
  });
});
