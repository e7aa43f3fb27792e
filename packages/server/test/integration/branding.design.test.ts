import { beforeAll, describe, expect, it } from 'vitest';
import { refOfProject } from '../../src/domain/project-ref.ts';
import type { CreatedUser } from '../../src/features/accounts/accounts.service.ts';
import { addMember } from '../support/people.ts';
import { call, createAccount, useTestServer } from '../support/server.ts';

// The store finder's design (the dashboard's widget designer saves it with PATCH /branding) and the project's default
// unit and country: checked, kept readable (WCAG AA), and the defaults of the public configuration, the hosted
// finder and its location pages.

const server = useTestServer();
let account: CreatedUser;
let key = '';
let path = '';

const v2 = (method: 'GET' | 'PATCH', body?: unknown) =>
  call(server, method, path, { token: account.token.token, ...(body === undefined ? {} : { body }) });

beforeAll(async () => {
  account = await createAccount(server);
  path = `/api/v2/projects/${account.project.public_id}/branding`;
  key = (await server.services.finder.keys.create({ owner: { project: refOfProject(account.project) }, origins: [] }))
    .key;
});

const DESIGN = {
  text_color: '#F5F5F5',
  background_color: '#1B1F24',
  font_family: 'Georgia, "Times New Roman", serif',
  corner_radius: 0,
  height: 520,
  units: 'mi',
  language: 'de',
  search_radius: 12.5,
  result_limit: 7,
  consent: 'click',
};

describe('the design of the store finder', () => {
  it('is saved as given (colours in lower case) and read back, omitted keys kept, null clearing one', async () => {
    const saved = await v2('PATCH', DESIGN);
    expect(saved.status, saved.text).toBe(200);
    const expected = { ...DESIGN, text_color: '#f5f5f5', background_color: '#1b1f24' };
    expect(saved.body.data).toMatchObject(expected);
    expect((await v2('GET')).body.data).toMatchObject(expected);
    const cleared = await v2('PATCH', { font_family: null });
    expect(cleared.body.data).toMatchObject({ ...expected, font_family: null });
    await v2('PATCH', { font_family: DESIGN.font_family });
  });

  it('refuses values out of range and a text colour the background makes unreadable, saving nothing', async () => {
    const before = (await v2('GET')).body.data;
    for (const [body, fields] of [
      [{ corner_radius: 33 }, ['corner_radius']],
      [{ height: 100 }, ['height']],
      [{ units: 'furlongs' }, ['units']],
      [{ language: 'xx' }, ['language']],
      [{ search_radius: 0 }, ['search_radius']],
      [{ result_limit: 101 }, ['result_limit']],
      [{ consent: 'maybe' }, ['consent']],
      [{ font_family: 'x;}body{color:red' }, ['font_family']],
      [{ default_country: 'USA' }, ['default_country']],
      [{ default_unit: 'yd' }, ['default_unit']],
      // #777 on white is 4.48:1, one step short of AA.
      [{ text_color: '#777777', background_color: '#ffffff' }, ['text_color', 'background_color']],
      [{ background_color: '#e0e0e0' }, ['text_color', 'background_color']],
    ] as const) {
      const refused = await v2('PATCH', body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(refused.body.errors).sort(), JSON.stringify(body)).toEqual([...fields].sort());
    }
    expect((await v2('GET')).body.data).toEqual(before);
    // The widget's own text colour on a dark background is unreadable too: the refusal counts the defaults.
    const unset = await v2('PATCH', { text_color: null });
    expect(unset.status).toBe(422);
  });

  it('is the public configuration, and the hosted finder passes it to its element and pages', async () => {
    const config = (await call(server, 'GET', `/api/public/v1/config?key=${key}`)).body.data;
    expect(config.branding).toMatchObject({ ...DESIGN, text_color: '#f5f5f5', background_color: '#1b1f24' });
    const page = await (await fetch(`${server.url}/finder/${key}`)).text();
    expect(page).toContain('<html lang="de"');
    for (const attribute of ['lang="de"', 'units="mi"', 'radius="12.5"', 'limit="7"', 'consent="click"'])
      expect(page).toContain(attribute);
    // A location's page speaks the design's language, and its map waits for consent.
    const created = await call(server, 'POST', `/api/v2/projects/${account.project.public_id}/locations`, {
      token: account.token.token,
      body: { name: 'Altstadt', city: 'Berlin', lat: 52.52, lng: 13.405 },
    });
    expect(created.status, created.text).toBe(201);
    const locationPage = await (await fetch(`${server.url}/finder/${key}/${created.body.data.slug}`)).text();
    expect(locationPage).toContain('<html lang="de"');
    expect(locationPage).toMatch(/<locator-map[^>]* consent="click"/);
    // The address still decides over the design.
    const asked = await (await fetch(`${server.url}/finder/${key}?lang=en&units=km&consent=none`)).text();
    expect(asked).toContain('<html lang="en"');
    for (const attribute of ['lang="en"', 'units="km"', 'consent="none"']) expect(asked).toContain(attribute);
  });

  it("sets the project's default unit and country over what its locations suggest", async () => {
    const other = await createAccount(server);
    const token = other.token.token;
    const projectPath = `/api/v2/projects/${other.project.public_id}`;
    const otherKey = (
      await server.services.finder.keys.create({ owner: { project: refOfProject(other.project) }, origins: [] })
    ).key;
    const created = await call(server, 'POST', `${projectPath}/locations`, {
      token,
      body: { name: 'Austin', city: 'Austin', country: 'US', lat: 30.27, lng: -97.74 },
    });
    expect(created.status, created.text).toBe(201);
    const configOf = async () => (await call(server, 'GET', `/api/public/v1/config?key=${otherKey}`)).body.data;
    expect(await configOf()).toMatchObject({ default_unit: 'mi', default_country: 'US' });
    const set = await call(server, 'PATCH', `${projectPath}/branding`, {
      token,
      body: { default_unit: 'km', default_country: 'ca' },
    });
    expect(set.body.data).toMatchObject({ default_unit: 'km', default_country: 'CA' });
    expect(await configOf()).toMatchObject({ default_unit: 'km', default_country: 'CA' });
    await call(server, 'PATCH', `${projectPath}/branding`, {
      token,
      body: { default_unit: null, default_country: null },
    });
    expect(await configOf()).toMatchObject({ default_unit: 'mi', default_country: 'US' });
  });

  it('is changed by admins and owners only, read by every member', async () => {
    for (const [role, status] of [
      ['viewer', 403],
      ['editor', 403],
      ['admin', 200],
    ] as const) {
      const member = await createAccount(server);
      await addMember(server, account.project.id, member.user.id, role);
      const as = (method: 'GET' | 'PATCH', body?: unknown) =>
        call(server, method, path, { token: member.token.token, ...(body === undefined ? {} : { body }) });
      expect((await as('GET')).status, role).toBe(200);
      expect((await as('PATCH', { corner_radius: 4 })).status, role).toBe(status);
    }
  });
});
