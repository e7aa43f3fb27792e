import { describe, expect, it } from 'vitest';
import { call, createAccount, createExtraProject } from '../support/server.ts';
import { useV1Locations, V1_KEYS } from '../support/v1-locations.ts';

// GET /api/locations/{id}: the V1 location object and which IDs it answers for. Shared setup:
// test/support/v1-locations.ts.

const fixture = useV1Locations();
const { v1, v2, createV1, readV1, createV2 } = fixture;

describe('the V1 location object', () => {
  it('has exactly the V1 keys, in contract order, with no timestamps or V2 keys', async () => {
    const created = await createV1({
      name: 'Downtown Store',
      address_line_1: '1 Main St',
      city: 'Austin',
      state: 'TX',
      postcode: '78701',
      country: 'US',
      phone: '+1 512 555 0100',
      email: 'downtown@example.com',
      url: 'https://example.com/downtown',
      lat: 30.2672,
      lng: -97.7431,
      location_type: 'Outlet',
      facebook: 'downtownstore',
      twitter: 'https://twitter.com/downtown',
    });
    expect(Object.keys(created)).toEqual(V1_KEYS);
    expect(created).toEqual({
      id: expect.stringMatching(/^[1-9]\d*$/),
      slug: 'downtown-store',
      name: 'Downtown Store',
      address: '1 Main St, Austin, TX 78701, US',
      display_address: '1 Main St, Austin, TX 78701, US',
      address_line_1: '1 Main St',
      address_line_2: null,
      city: 'Austin',
      state: 'TX',
      postcode: '78701',
      country: 'US',
      phone: '+1 512 555 0100',
      email: 'downtown@example.com',
      url: 'https://example.com/downtown',
      lat: 30.2672,
      lng: -97.7431,
      visible: true,
      facebook: 'downtownstore',
      instagram: null,
      twitter: 'https://twitter.com/downtown',
      yelp: null,
      youtube: null,
      tiktok: null,
      socials: [
        {
          key: 'facebook',
          label: 'Facebook',
          handle: 'downtownstore',
          url: 'https://www.facebook.com/downtownstore',
          icon: 'facebook',
        },
        { key: 'twitter', label: 'Twitter', handle: 'downtown', url: 'https://twitter.com/downtown', icon: 'twitter' },
      ],
      marker: { id: fixture.catalog.markers.red, name: 'Red', color: '#ff0000', icon_url: null },
      location_type: { id: fixture.catalog.types.outlet, name: 'Outlet', priority: '2', default: false, label: true },
      cover_image: null,
      hours: null,
      fields: [],
      filters: [],
      buttons: [],
    });
    expect(await readV1(created.id)).toEqual(created);
  });

  it('shows hours, fields, filters and buttons set through V2, in the V1 shapes', async () => {
    const { v1Id } = await createV2();
    const location = await readV1(v1Id);
    expect(Object.keys(location)).toEqual(V1_KEYS);
    expect(location.hours).toEqual({
      name: 'Opening hours',
      location_id: v1Id,
      mon: '09:00-17:00',
      tue: '09:00-17:00',
      wed: '09:00-12:00,13:00-17:00',
      thu: '09:00-17:00',
      fri: '18:00-02:00',
      sat: 'closed',
      sun: null,
    });
    expect(Object.keys(location.hours)).toEqual([
      'name',
      'location_id',
      'mon',
      'tue',
      'wed',
      'thu',
      'fri',
      'sat',
      'sun',
    ]);
    expect(location.filters).toEqual([
      { id: expect.stringMatching(/^flt_[0-9A-Za-z]{16}$/), name: 'Wifi' },
      { id: expect.stringMatching(/^flt_[0-9A-Za-z]{16}$/), name: 'Parking' },
    ]);
    expect(location.fields).toEqual([
      { id: expect.stringMatching(/^fld_[0-9A-Za-z]{16}$/), name: 'Manager', value: 'Ada' },
      { id: expect.stringMatching(/^fld_[0-9A-Za-z]{16}$/), name: 'Floor', value: '2' },
    ]);
    expect(location.buttons).toEqual([
      { id: expect.stringMatching(/^cta_[0-9A-Za-z]{16}$/), title: 'Order online', value: 'https://example.com/order' },
    ]);
    expect(location.cover_image).toEqual({ url: 'https://cdn.example.com/img/storefront.jpg', name: 'storefront' });
    expect(location.marker).toEqual({
      id: fixture.catalog.markers.blue,
      name: 'Blue',
      color: '#0000ff',
      icon_url: null,
    });
  });

  it('has a null location_type and marker in a project that configures none', async () => {
    const bare = await createAccount(fixture.server);
    const response = await call(fixture.server, 'POST', '/api/locations', {
      token: bare.legacyToken.token,
      body: { name: 'Bare', location_type: 'Outlet' },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      location_type: null,
      marker: null,
      socials: [],
      address: '',
      display_address: '',
    });
  });
});

describe('GET /api/locations/{id}', () => {
  it('is 404 for IDs outside the personal project, never a 422', async () => {
    const other = await createAccount(fixture.server);
    const foreign = await call(fixture.server, 'POST', '/api/locations', {
      token: other.legacyToken.token,
      body: { name: 'Theirs' },
    });
    expect(foreign.status).toBe(201);
    expect((await v1('GET', `/api/locations/${foreign.body.id}`)).status).toBe(404);

    const extra = await createExtraProject(fixture.server, fixture.account);
    const inExtra = await v2('POST', `/api/v2/projects/${extra.public_id}/locations`, {
      name: 'Second project',
      city: 'Austin',
    });
    expect(inExtra.status).toBe(201);
    const mine = await createV1({ name: 'Mine' });
    // IDs are sequential, so the location of the extra project is the one just before the next V1 one.
    expect((await v1('GET', `/api/locations/${Number(mine.id) - 1}`)).status).toBe(404);

    for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999', inExtra.body.data.id]) {
      const response = await v1('GET', `/api/locations/${id}`);
      expect(response.status, id).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(response.body).toEqual({ message: expect.any(String) });
    }
  });
});
