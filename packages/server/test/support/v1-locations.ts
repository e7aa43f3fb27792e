import { beforeEach, expect } from 'vitest';
import { type CatalogAccount, createCatalogAccount, fullLocationBody } from './factories.ts';
import { call, useTestServer } from './server.ts';

/** The V1 object keys in the order of the V1 contract. */
export const V1_KEYS = [
  'id',
  'slug',
  'name',
  'address',
  'display_address',
  'address_line_1',
  'address_line_2',
  'city',
  'state',
  'postcode',
  'country',
  'phone',
  'email',
  'url',
  'lat',
  'lng',
  'visible',
  'facebook',
  'instagram',
  'twitter',
  'yelp',
  'youtube',
  'tiktok',
  'socials',
  'marker',
  'location_type',
  'cover_image',
  'hours',
  'fields',
  'filters',
  'buttons',
];

/** The name of a V1 location's type, or null. */
export const typeNameOf = (location: { location_type: { name: string } | null }) =>
  location.location_type?.name ?? null;

/**
 * The setup the V1 location tests share: one server for the file, on a geocoder that never answers (so cases do not
 * depend on place data; the geocoding cases start servers of their own), and before each test a fresh account whose
 * personal project has the catalog of `seedCatalog`. Calls go over real HTTP with the account's tokens.
 */
export function useV1Locations() {
  const server = useTestServer({ env: { GEOCODER: 'none' } });
  let arranged: CatalogAccount | undefined;
  beforeEach(async () => {
    arranged = await createCatalogAccount(server);
  });
  function current() {
    if (!arranged) throw new Error('The account is made in beforeEach');
    return arranged;
  }

  const v1 = (method: string, path: string, body?: unknown) =>
    call(server, method, path, { token: current().account.legacyToken.token, ...(body !== undefined ? { body } : {}) });
  const v2 = (method: string, path: string, body?: unknown) =>
    call(server, method, path, { token: current().account.token.token, ...(body !== undefined ? { body } : {}) });

  async function createV1(body: Record<string, unknown>) {
    const response = await v1('POST', '/api/locations', body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  }

  async function readV1(id: string) {
    const response = await v1('GET', `/api/locations/${id}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  }

  async function putV1(id: string, body: Record<string, unknown>) {
    const response = await v1('PUT', `/api/locations/${id}`, body);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  }

  /** Creates through V2 and finds the numeric V1 ID through the V1 list. */
  async function createV2(overrides: Record<string, unknown> = {}) {
    const response = await v2('POST', current().locations, fullLocationBody(overrides));
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const list = await v1('GET', '/api/locations?limit=100');
    const match = list.body.data.find((item: { slug: string }) => item.slug === response.body.data.slug);
    expect(match, 'the V1 list holds the location created on V2').toMatchObject({
      slug: response.body.data.slug,
      name: response.body.data.name,
    });
    return { v2: response.body.data, v1Id: match.id as string };
  }

  async function locationCount(): Promise<number> {
    const list = await v1('GET', '/api/locations');
    expect(list.status).toBe(200);
    return list.body.meta.total;
  }

  /** The pending geocoding jobs of a location, by its V1 ID. */
  async function pendingJobs(locationId: string) {
    return server.database.db
      .selectFrom('geocoding_jobs')
      .select('status')
      .where('location_id', '=', Number(locationId))
      .where('status', '=', 'pending')
      .execute();
  }

  return {
    server,
    get account() {
      return current().account;
    },
    get catalog() {
      return current().catalog;
    },
    /** The V2 path of the account's locations. */
    get v2Base() {
      return current().locations;
    },
    v1,
    v2,
    createV1,
    readV1,
    putV1,
    createV2,
    locationCount,
    pendingJobs,
  };
}
