import { beforeEach, describe, expect, it } from 'vitest';
import { type CatalogAccount, createCatalogAccount, fullLocationBody } from '../support/factories.ts';
import { importFile } from '../support/imports.ts';
import { call, useTestServer } from '../support/server.ts';

const server = useTestServer({ importWorker: true });
let owner: CatalogAccount;

const v2 = (method: string, path: string, body?: unknown) =>
  call(server, method, path, { token: owner.account.token.token, ...(body !== undefined ? { body } : {}) });
const create = async (overrides: Record<string, unknown>) => {
  const created = await v2('POST', owner.locations, fullLocationBody(overrides));
  expect(created.status).toBe(201);
  return created.body.data as { id: string; phone: string | null; phone_valid: boolean | null };
};

beforeEach(async () => {
  owner = await createCatalogAccount(server);
});

describe('phone numbers on V2 locations', () => {
  it('are kept as typed and flagged by phone_valid, read in the location country, else the project one', async () => {
    const typed = await create({ name: 'Typed', phone: '(512) 555-0199', country: 'United States' });
    expect(typed).toMatchObject({ phone: '(512) 555-0199', phone_valid: true });
    const sentence = await create({ name: 'Sentence', phone: 'call the front desk' });
    expect(sentence).toMatchObject({ phone: 'call the front desk', phone_valid: false });
    expect((await create({ name: 'None', phone: null })).phone_valid).toBeNull();
    // No country: read in the project's, the one most of its locations are in (US here).
    const noCountry = await create({ name: 'No country', country: null, phone: '512 555 0142' });
    expect(noCountry.phone_valid).toBe(true);
    // A German number in a US store is no US number; with its country it reads.
    const german = await create({ name: 'Berlin', phone: '030 1234567' });
    expect(german.phone_valid).toBe(false);
    const moved = await v2('PATCH', `${owner.locations}/${german.id}`, { country: 'DE' });
    expect(moved.body.data).toMatchObject({ phone: '030 1234567', phone_valid: true });
    const fixed = await v2('PATCH', `${owner.locations}/${sentence.id}`, { phone: '+1 512 555 0177' });
    expect(fixed.body.data.phone_valid).toBe(true);
    const cleared = await v2('PATCH', `${owner.locations}/${typed.id}`, { phone: '' });
    expect(cleared.body.data.phone_valid).toBeNull();

    // A GET body sent back is taken: phone_valid is read only.
    const body = (await v2('GET', `${owner.locations}/${german.id}`)).body.data;
    expect((await v2('PUT', `${owner.locations}/${german.id}`, { ...body, phone_valid: false })).status).toBe(200);
  });

  it("read a phone without a country in the project's default country when it has set one", async () => {
    await create({ name: 'Austin', country: 'US', phone: '512 555 0142' });
    expect((await create({ name: 'Before', country: null, phone: '030 1234567' })).phone_valid).toBe(false);
    const set = await v2('PATCH', owner.locations.replace(/\/locations$/, '/branding'), { default_country: 'DE' });
    expect(set.status, set.text).toBe(200);
    expect((await create({ name: 'After', country: null, phone: '030 1234567' })).phone_valid).toBe(true);
  });

  it('read an imported phone without a country in the project country, as a single write does', async () => {
    await create({ name: 'Anchor', phone: null });
    const file = 'name,address_line_1,city,phone\nImported,1 Main St,Austin,512 555 0142\n';
    const token = owner.account.token.token;
    const ended = await importFile(server, { token, projectId: owner.account.project.public_id, file });
    expect(ended.status, JSON.stringify(ended)).toBe('done');
    const imported = (await v2('GET', `${owner.locations}?name=Imported`)).body.data as { phone_valid: boolean }[];
    expect(imported).toMatchObject([{ phone_valid: true }]);
  });

  it('filter the list with phone_valid, and V1 bodies show no such key', async () => {
    const bad = await create({ name: 'Bad', phone: '555' });
    const good = await create({ name: 'Good', phone: '+1 512 555 0101' });
    await create({ name: 'Without', phone: null });
    const list = async (query: string) =>
      ((await v2('GET', `${owner.locations}?${query}`)).body.data as { id: string }[]).map((item) => item.id);
    expect(await list('phone_valid=false')).toEqual([bad.id]);
    expect(await list('phone_valid=0')).toEqual([bad.id]);
    expect(await list('phone_valid=true')).toEqual([good.id]);
    const page = await v2('GET', `${owner.locations}?phone_valid=false&limit=1`);
    expect(page.body.meta.total).toBe(1);
    expect(page.body.links.first).toContain('phone_valid=false');
    expect((await v2('GET', `${owner.locations}?phone_valid=maybe`)).status).toBe(422);

    const v1 = await call(server, 'GET', '/api/locations?limit=100', { token: owner.account.legacyToken.token });
    expect(v1.status).toBe(200);
    expect(v1.body.data).toHaveLength(3);
    for (const item of v1.body.data) expect(item).not.toHaveProperty('phone_valid');
  });
});
