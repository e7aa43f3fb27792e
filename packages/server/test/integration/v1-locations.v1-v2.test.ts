import { describe, expect, it } from 'vitest';
import { WEEKDAYS } from '../../src/domain/hours.ts';
import type { LocationV1 } from '../../src/features/locations/schemas/location.v1.ts';
import type { LocationV2 } from '../../src/features/locations/schemas/location.v2.ts';
import { INCLUDE_ALL } from '../support/factories.ts';
import { call } from '../support/server.ts';
import { useV1Locations, V1_KEYS } from '../support/v1-locations.ts';

// What holds across the V1 endpoints: V1 and V2 show the same data, and the V1 OpenAPI document.
// Shared setup: test/support/v1-locations.ts.

const fixture = useV1Locations();
const { v2, createV1, readV1, putV1, createV2 } = fixture;

describe('V1 and V2 are two views of the same data', () => {
  /** The basic fields both versions show under the same key: `slug` to `tiktok` of the V1 order. */
  const SHARED_FIELDS = V1_KEYS.slice(V1_KEYS.indexOf('slug'), V1_KEYS.indexOf('socials'));

  function expectSameLocation(v1Body: LocationV1, v2Body: LocationV2) {
    expect(SHARED_FIELDS).toHaveLength(22);
    for (const field of SHARED_FIELDS)
      expect(v1Body[field as keyof LocationV1], field).toEqual(v2Body[field as keyof LocationV2]);
    expect(v1Body.location_type?.name ?? null).toBe(v2Body.location_type);
    expect(v1Body.marker === null ? null : { id: v1Body.marker.id, name: v1Body.marker.name }).toEqual(v2Body.marker);
    expect(v1Body.cover_image?.url ?? null).toBe(v2Body.cover_image_url);
    const { hours } = v1Body;
    const v1Hours = hours === null ? null : Object.fromEntries(WEEKDAYS.map((day) => [day, hours[day]]));
    expect(v1Hours).toEqual(v2Body.hours);
    expect(v1Body.filters).toEqual(v2Body.filters);
    expect(v1Body.fields).toEqual(v2Body.fields);
    expect(v1Body.buttons).toEqual(v2Body.callsToAction);
    for (const v2Only of ['created_at', 'updated_at', 'callsToAction', 'cover_image_url'])
      expect(v1Body).not.toHaveProperty(v2Only);
  }

  async function readV2(publicId: string) {
    const response = await v2('GET', `${fixture.v2Base}/${publicId}?${INCLUDE_ALL}`);
    expect(response.status).toBe(200);
    return response.body.data;
  }

  async function v2IdOf(name: string): Promise<string> {
    const response = await v2('GET', `${fixture.v2Base}?name=${encodeURIComponent(name)}`);
    expect(response.body.data).toHaveLength(1);
    return response.body.data[0].id;
  }

  it('reads a location created on V2 with every attachment identically on V1', async () => {
    const { v2: created, v1Id } = await createV2({
      instagram: '@downtown',
      yelp: 'downtown-austin',
      tiktok: 'https://www.tiktok.com/@downtown',
      address_line_2: 'Suite 5',
    });
    const v1Body = await readV1(v1Id);
    expectSameLocation(v1Body, await readV2(created.id));
    expect(v1Body.socials.map((social: { key: string; url: string }) => [social.key, social.url])).toEqual([
      ['facebook', 'https://www.facebook.com/downtownstore'],
      ['instagram', 'https://www.instagram.com/downtown'],
      ['twitter', 'https://twitter.com/downtown'],
      ['yelp', 'https://www.yelp.com/biz/downtown-austin'],
      ['tiktok', 'https://www.tiktok.com/@downtown'],
    ]);
  });

  it('writes on V1, updates on V2 PATCH and V1 PUT, and both read the same', async () => {
    const created = await createV1({
      name: 'Crossover',
      address_line_1: '2 Side St',
      city: 'Austin',
      lat: 30.1,
      lng: -97.1,
      location_type: 'Outlet',
      twitter: 'cross',
    });
    const publicId = await v2IdOf('Crossover');
    expectSameLocation(created, await readV2(publicId));

    const patched = await v2('PATCH', `${fixture.v2Base}/${publicId}`, {
      phone: '555',
      marker: 'Blue',
      cover: 'storefront',
      hours: { mon: '08:00-12:00' },
      filters: ['Accessible'],
      fields: { Floor: '3' },
      callsToAction: { Book: 'https://example.com/book' },
    });
    expect(patched.status).toBe(200);
    const afterPatch = await readV1(created.id);
    expect(afterPatch).toMatchObject({
      phone: '555',
      marker: { id: fixture.catalog.markers.blue, name: 'Blue' },
      cover_image: { url: 'https://cdn.example.com/img/storefront.jpg', name: 'storefront' },
      hours: { location_id: created.id, mon: '08:00-12:00', tue: null },
      filters: [{ name: 'Accessible' }],
      fields: [{ name: 'Floor', value: '3' }],
      buttons: [{ title: 'Book', value: 'https://example.com/book' }],
    });
    expectSameLocation(afterPatch, await readV2(publicId));

    const put = await putV1(created.id, {
      name: 'Crossover',
      location_type: 'Outlet',
      city: 'Round Rock',
      email: 'x@example.com',
    });
    const afterPut = await readV2(publicId);
    expect(afterPut).toMatchObject({
      city: 'Round Rock',
      email: 'x@example.com',
      address: '2 Side St, Round Rock',
      marker: { name: 'Blue' },
      location_type: 'Outlet',
    });
    expectSameLocation(put, afterPut);
  });
});

describe('the V1 OpenAPI document', () => {
  it('describes the V1 routes with the legacy token, apart from V2', async () => {
    const v1Document = await call(fixture.server, 'GET', '/api/openapi.json');
    expect(v1Document.status).toBe(200);
    const paths = v1Document.body.paths;
    expect(Object.keys(paths)).toEqual(expect.arrayContaining(['/api/locations', '/api/locations/{id}']));
    expect(Object.keys(paths['/api/locations']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/api/locations/{id}']).sort()).toEqual(['delete', 'get', 'put']);
    for (const operation of [
      paths['/api/locations'].get,
      paths['/api/locations'].post,
      paths['/api/locations/{id}'].put,
    ]) {
      expect(operation.tags).toEqual(['V1 locations (legacy)']);
      expect(operation.security).toEqual([{ legacyToken: [] }]);
    }
    const created = paths['/api/locations'].post.responses['201'].content['application/json'].schema;
    expect(Object.keys(created.properties)).toEqual(V1_KEYS);
    const v2Document = await call(fixture.server, 'GET', '/api/v2/openapi.json');
    expect(Object.keys(v2Document.body.paths)).not.toContain('/api/locations');
  });
});
