import { beforeAll, describe, expect, it } from 'vitest';
import { refOfProject } from '../../src/domain/project-ref.ts';
import type { CreatedUser } from '../../src/features/accounts/accounts.service.ts';
import { call, createAccount, useTestServer } from '../support/server.ts';

// The store finder's branding: set over V2, checked like the other URLs and colours, and used by the public
// configuration (the widget's defaults) and the hosted finder page (its title, header and policy for the logo).

const server = useTestServer();

/** The design keys of a project that never set them (the widget's own defaults). */
const UNSET_DESIGN = {
  text_color: null,
  background_color: null,
  font_family: null,
  corner_radius: null,
  height: null,
  units: null,
  language: null,
  search_radius: null,
  result_limit: null,
  consent: null,
};
const UNSET_DEFAULTS = { default_unit: null, default_country: null };
/** The server's map tiles, read only (the test server's configuration). */
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

describe('the branding of a project', () => {
  it('is unset at first, and set in part: trimmed, lower-cased, null clearing one, omitted keys kept', async () => {
    expect((await v2('GET')).body).toEqual({
      data: { display_name: null, logo_url: null, brand_color: null, ...UNSET_DESIGN, ...UNSET_DEFAULTS },
    });
    const set = await v2('PATCH', {
      display_name: '  Acme Coffee ',
      logo_url: 'https://cdn.example.com/acme/logo.svg',
      brand_color: '#7A1F5C',
    });
    expect(set.status, set.text).toBe(200);
    expect(set.body.data).toEqual({
      display_name: 'Acme Coffee',
      logo_url: 'https://cdn.example.com/acme/logo.svg',
      brand_color: '#7a1f5c',
      ...UNSET_DESIGN,
      ...UNSET_DEFAULTS,
    });
    const cleared = await v2('PATCH', { logo_url: null });
    expect(cleared.body.data).toEqual({
      display_name: 'Acme Coffee',
      logo_url: null,
      brand_color: '#7a1f5c',
      ...UNSET_DESIGN,
      ...UNSET_DEFAULTS,
    });
    expect((await v2('GET')).body.data).toEqual(cleared.body.data);
    await v2('PATCH', { logo_url: 'https://cdn.example.com/acme/logo.svg' });
  });

  it('refuses a logo that is not https, a colour that is not #rrggbb, a blank name and unknown keys, naming each', async () => {
    const before = (await v2('GET')).body.data;
    for (const [body, field] of [
      [{ logo_url: 'http://cdn.example.com/logo.png' }, 'logo_url'],
      [{ logo_url: 'javascript:alert(1)' }, 'logo_url'],
      [{ brand_color: 'red' }, 'brand_color'],
      [{ brand_color: '#7a1f5' }, 'brand_color'],
      [{ display_name: '   ' }, 'display_name'],
      [{ display_name: 'x'.repeat(101) }, 'display_name'],
    ] as const) {
      const refused = await v2('PATCH', body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(refused.body.errors, JSON.stringify(body)).toHaveProperty(field);
    }
    expect((await v2('PATCH', { colour: '#000000' })).status).toBe(422);
    expect((await v2('GET')).body.data).toEqual(before);
  });

  it('is in the change feed as branding.updated, with what changed', async () => {
    await v2('PATCH', { brand_color: '#1f4e79' });
    const feed = await call(server, 'GET', `/api/v2/projects/${account.project.public_id}/events`, {
      token: account.token.token,
    });
    const event = feed.body.data.findLast((item: { type: string }) => item.type === 'branding.updated');
    expect(event.changes).toEqual({ brand_color: { old: '#7a1f5c', new: '#1f4e79' } });
  });

  it("is the store finder's configuration, and the hosted finder's title, header and logo", async () => {
    const config = await call(server, 'GET', `/api/public/v1/config?key=${key}`);
    expect(config.body.data.branding).toEqual({
      display_name: 'Acme Coffee',
      logo_url: 'https://cdn.example.com/acme/logo.svg',
      brand_color: '#1f4e79',
      ...UNSET_DESIGN,
    });
    const page = await fetch(`${server.url}/finder/${key}?lang=en`);
    const text = await page.text();
    expect(text).toContain('<title>Acme Coffee – Store finder</title>');
    expect(text).toContain('<img src="https://cdn.example.com/acme/logo.svg" alt="Acme Coffee">');
    expect(text).toContain('border-top:4px solid #1f4e79');
    expect(page.headers.get('content-security-policy')).toMatch(/img-src [^;]*https:\/\/cdn\.example\.com/);
    // A change shows at once: the answers are tagged by the project's data version, which it moves.
    const etag = config.headers.get('etag') ?? '';
    await v2('PATCH', { display_name: 'Acme Coffee & Tea' });
    const changed = await call(server, 'GET', `/api/public/v1/config?key=${key}`, {
      headers: { 'if-none-match': etag },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.branding.display_name).toBe('Acme Coffee & Tea');
    expect(await (await fetch(`${server.url}/finder/${key}?lang=en`)).text()).toContain(
      '<title>Acme Coffee &amp; Tea – Store finder</title>',
    );
  });
});
