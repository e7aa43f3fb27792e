import { describe, expect, it } from 'vitest';
import { typeNameOf, useV1Locations } from '../support/v1-locations.ts';

// PUT /api/locations/{id} (and the 405 of PATCH): what a replace keeps, clears and refuses, and the type, address
// and geocoding rules of an update. Shared setup: test/support/v1-locations.ts.

const fixture = useV1Locations();
const { v1, createV1, readV1, putV1, createV2, pendingJobs } = fixture;

describe('PUT /api/locations/{id}', () => {
  it('requires name even when only another field changes, and saves nothing without it', async () => {
    const created = await createV1({ name: 'Keep Me', phone: '111' });
    const response = await v1('PUT', `/api/locations/${created.id}`, { phone: '222' });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ name: ['is required'] });
    expect(await readV1(created.id)).toEqual(created);
  });

  it('keeps omitted basic fields and clears contact and social fields sent as null or ""', async () => {
    const created = await createV1({
      name: 'Before',
      address_line_1: '1 Main St',
      city: 'Austin',
      phone: '111',
      email: 'a@example.com',
      url: 'https://example.com',
      lat: 30,
      lng: -97,
      visible: false,
      twitter: 'shop',
      instagram: 'shop',
      youtube: 'shop',
    });
    const updated = await putV1(created.id, { name: 'After', phone: null, email: '', twitter: null, instagram: '' });
    expect(updated).toEqual({
      ...created,
      name: 'After',
      phone: null,
      email: null,
      twitter: null,
      instagram: null,
      socials: [
        { key: 'youtube', label: 'YouTube', handle: 'shop', url: 'https://www.youtube.com/@shop', icon: 'youtube' },
      ],
    });
    expect(await readV1(created.id)).toEqual(updated);
  });

  it('rejects invalid values with 422 and saves no part of the update', async () => {
    const created = await createV1({ name: 'Stable', lat: 10, lng: 10 });
    const response = await v1('PUT', `/api/locations/${created.id}`, {
      name: 'Changed',
      phone: '999',
      lat: -91,
      email: 'x@',
    });
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors).sort()).toEqual(['email', 'lat']);
    expect(await readV1(created.id)).toEqual(created);
  });

  it('is 404 for an unknown or foreign location, and PATCH is 405 with Allow', async () => {
    expect((await v1('PUT', '/api/locations/987654', { name: 'x' })).status).toBe(404);
    const created = await createV1({ name: 'No Patch' });
    const patch = await v1('PATCH', `/api/locations/${created.id}`, { name: 'x' });
    expect(patch.status).toBe(405);
    expect(patch.headers.get('allow')?.split(', ').sort()).toEqual(expect.arrayContaining(['DELETE', 'GET', 'PUT']));
    expect(patch.headers.get('allow')).not.toContain('PATCH');
    expect(patch.body).toEqual({ message: expect.stringContaining('not allowed') });
    const patchList = await v1('PATCH', '/api/locations', { name: 'x' });
    expect(patchList.status).toBe(405);
    expect(patchList.headers.get('allow')).toContain('POST');
    expect((await readV1(created.id)).name).toBe('No Patch');
  });

  it('never touches what V1 cannot write: hours, filters, fields, buttons, marker, cover, slug', async () => {
    const { v1Id } = await createV2({ name: 'Attached' });
    const before = await readV1(v1Id);
    const after = await putV1(v1Id, {
      name: 'Attached',
      location_type: 'Outlet',
      hours: null,
      filters: [],
      fields: {},
      buttons: [],
      callsToAction: {},
      marker: 'Red',
      cover: null,
      cover_image: null,
      slug: 'renamed',
    });
    expect(after).toEqual(before);
    // Omitting the marker on PUT does not reset it to the project default either.
    const omitted = await putV1(v1Id, { name: 'Attached', location_type: 'Outlet' });
    expect(omitted.marker).toEqual({
      id: fixture.catalog.markers.blue,
      name: 'Blue',
      color: '#0000ff',
      icon_url: null,
    });
    expect(omitted).toEqual(before);
  });
});

describe('the V1 location_type rules', () => {
  it('on PUT of a nondefault type: omitted, null, "" or unknown resets to the default', async () => {
    for (const body of [{}, { location_type: null }, { location_type: '' }, { location_type: 'Kiosk' }]) {
      const created = await createV1({ name: 'Typed', location_type: 'Outlet' });
      const updated = await putV1(created.id, { name: 'Typed', ...body });
      expect(updated.location_type, JSON.stringify(body)).toEqual({
        id: fixture.catalog.types.store,
        name: 'Store',
        priority: '1',
        default: true,
        label: false,
      });
    }
  });

  it('on PUT: the current name keeps a nondefault type; another name switches to it', async () => {
    const created = await createV1({ name: 'Typed', location_type: 'Outlet' });
    expect(typeNameOf(await putV1(created.id, { name: 'Typed', location_type: 'Outlet' }))).toBe('Outlet');
    // The object a V1 read returns, sent back as is, also names the type.
    expect(typeNameOf(await putV1(created.id, { ...created, location_type: created.location_type }))).toBe('Outlet');
    expect(typeNameOf(await putV1(created.id, { name: 'Typed', location_type: 'Store' }))).toBe('Store');
    expect(typeNameOf(await putV1(created.id, { name: 'Typed', location_type: 'Outlet' }))).toBe('Outlet');
  });
});

describe('the V1 address rules', () => {
  const components = { address_line_1: '1 Main St', city: 'Austin', state: 'TX', postcode: '78701', country: 'US' };
  const generated = '1 Main St, Austin, TX 78701, US';

  it('refreshes a generated address when components change', async () => {
    const created = await createV1({ name: 'Gen', ...components });
    const updated = await putV1(created.id, { name: 'Gen', city: 'Round Rock', address_line_2: 'Suite 5' });
    expect(updated.address).toBe('1 Main St, Suite 5, Round Rock, TX 78701, US');
    expect(updated.display_address).toBe(updated.address);
  });

  it('keeps a generated address as it is when no component changes', async () => {
    const created = await createV1({ name: 'Gen', ...components });
    const updated = await putV1(created.id, { name: 'Renamed', phone: '123' });
    expect([updated.address, updated.display_address]).toEqual([generated, generated]);
  });

  it('keeps a custom address when components change, until it is replaced or cleared', async () => {
    const created = await createV1({ name: 'Custom', ...components, address: 'Main & 1st' });
    const moved = await putV1(created.id, { name: 'Custom', city: 'Round Rock' });
    expect([moved.address, moved.display_address, moved.city]).toEqual(['Main & 1st', 'Main & 1st', 'Round Rock']);
    const replaced = await putV1(created.id, { name: 'Custom', address: 'Round Rock Plaza' });
    expect([replaced.address, replaced.display_address]).toEqual(['Round Rock Plaza', 'Round Rock Plaza']);
  });

  it.each([
    ['null', null],
    ['""', ''],
  ])(
    'regenerates a cleared address (%s) from the components, and refreshes it from then on',
    async (_label, cleared) => {
      const created = await createV1({ name: 'Clear', ...components, address: 'Main & 1st' });
      const regenerated = await putV1(created.id, { name: 'Clear', address: cleared });
      expect([regenerated.address, regenerated.display_address]).toEqual([generated, generated]);
      const refreshed = await putV1(created.id, { name: 'Clear', city: 'Round Rock' });
      expect(refreshed.address).toBe('1 Main St, Round Rock, TX 78701, US');
    },
  );

  it('keeps a custom display address when the address changes', async () => {
    const created = await createV1({ name: 'Display', ...components, display_address: 'Downtown, by the river' });
    expect([created.address, created.display_address]).toEqual([generated, 'Downtown, by the river']);
    const updated = await putV1(created.id, { name: 'Display', city: 'Round Rock' });
    expect([updated.address, updated.display_address]).toEqual([
      '1 Main St, Round Rock, TX 78701, US',
      'Downtown, by the river',
    ]);
  });

  it.each([
    ['null', null],
    ['""', ''],
  ])('makes a cleared display address (%s) follow the address again', async (_label, cleared) => {
    const created = await createV1({ name: 'Display', ...components, display_address: 'By the river' });
    const followed = await putV1(created.id, { name: 'Display', display_address: cleared });
    expect(followed.display_address).toBe(generated);
    const refreshed = await putV1(created.id, { name: 'Display', city: 'Round Rock' });
    expect(refreshed.display_address).toBe('1 Main St, Round Rock, TX 78701, US');
  });

  it('never moves the location when only the address changes', async () => {
    const created = await createV1({ name: 'Pinned', ...components, lat: 30.2672, lng: -97.7431 });
    const updated = await putV1(created.id, {
      name: 'Pinned',
      address_line_1: '500 Congress Ave',
      city: 'Dallas',
      address: 'Elsewhere',
    });
    expect([updated.lat, updated.lng]).toEqual([30.2672, -97.7431]);
    const moved = await putV1(created.id, { name: 'Pinned', lat: '32.7767', lng: '-96.797' });
    expect([moved.lat, moved.lng]).toEqual([32.7767, -96.797]);
    const cleared = await putV1(created.id, { name: 'Pinned', lat: null, lng: 0 });
    expect([cleared.lat, cleared.lng]).toEqual([null, 0]);
  });
});

describe('V1 geocoding', () => {
  const NASHVILLE = { address_line_1: '100 Broadway', city: 'Nashville', state: 'TN', country: 'US' };

  it('queues geocoding after a PUT that leaves a coordinate missing or zero, never for an address change alone', async () => {
    const created = await createV1({ name: 'Pinned', ...NASHVILLE, lat: 36.1, lng: -86.7 });
    await putV1(created.id, { name: 'Pinned', city: 'Memphis', address_line_1: '1 Beale St' });
    expect(await pendingJobs(created.id)).toEqual([]);
    const zeroed = await putV1(created.id, { name: 'Pinned', lng: 0 });
    expect([zeroed.lat, zeroed.lng]).toEqual([36.1, 0]);
    expect(await pendingJobs(created.id)).toHaveLength(1);
  });
});
