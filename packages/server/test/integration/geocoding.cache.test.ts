import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { type DatabaseHandle, openDatabase } from '../../src/db/connection.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { withGeocodeCache } from '../../src/geocoding/cached.geocoder.ts';
import { createGeocoder } from '../../src/geocoding/create-geocoder.ts';
import { createNominatimGeocoder } from '../../src/geocoding/nominatim.geocoder.ts';
import { useFakeProvider } from '../support/fake-provider.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

const munich = {
  osm_type: 'relation',
  lat: '48.1371079',
  lon: '11.5753822',
  category: 'boundary',
  type: 'administrative',
  place_rank: 16,
  addresstype: 'city',
};
const DAY_MS = 24 * 60 * 60 * 1000;

const provider = useFakeProvider();
let testDatabase: TestDatabase;
let database: DatabaseHandle;
const clock = { now: Date.parse('2026-11-21T21:00:00Z') };

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = openDatabase(testDatabase.url, { poolSize: 2 });
  await migrateToLatest(database);
});
afterAll(async () => {
  await database.close();
  await testDatabase.dispose();
});
beforeEach(async () => {
  await database.db.deleteFrom('geocode_cache').execute();
});

function cachedNominatim() {
  const nominatim = createNominatimGeocoder({
    url: provider.url,
    userAgent: 'Locator/test',
    requestTimeoutMs: 2000,
    requestsPerSecond: 1000,
    retryDelayMs: 10,
  });
  return withGeocodeCache(nominatim, { db: database.db, clock: () => clock.now });
}

describe('the geocode cache', () => {
  it('asks the provider once for the same address however it is spelled', async () => {
    provider.reply({ body: [munich] });
    const geocoder = cachedNominatim();
    const first = await geocoder.geocode({ city: 'München', state: 'Bayern', country: 'DE' });
    const second = await geocoder.geocode({ city: '  MUNCHEN ', state: 'bayern', country: 'Germany' });
    const third = await geocoder.geocode({
      city: 'Munchen',
      state: 'Bayern',
      country: 'Deutschland',
      address_line_2: 'Floor 3',
    });
    expect(first).toEqual({ lat: 48.1371079, lng: 11.5753822, precision: 'city', provider: 'nominatim' });
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    expect(provider.requests).toHaveLength(1);
  });

  it('asks again for a different address', async () => {
    provider.reply({ body: [munich] });
    const geocoder = cachedNominatim();
    await geocoder.geocode({ city: 'München', country: 'DE' });
    await geocoder.geocode({ city: 'München', country: 'AT' });
    expect(provider.requests).toHaveLength(2);
  });

  it('keeps the answers for a free text biased to different countries apart, and the unbiased one under its old key', async () => {
    provider.reply({ body: [munich] });
    const geocoder = cachedNominatim();
    await geocoder.geocode({ address: 'London', countries: ['CA'] });
    await geocoder.geocode({ address: ' london ', countries: ['ca', 'CA'] });
    await geocoder.geocode({ address: 'London', countries: ['US'] });
    await geocoder.geocode({ address: 'London', countries: ['CA', 'US'] });
    await geocoder.geocode({ address: 'London' });
    expect(provider.requests.map(({ url }) => url.searchParams.get('countrycodes'))).toEqual([
      'ca',
      'us',
      'ca,us',
      null,
    ]);
    const keys = await database.db.selectFrom('geocode_cache').select('address_key').orderBy('address_key').execute();
    expect(keys.map((row) => row.address_key)).toEqual(['t|london', 't|london|ca', 't|london|ca,us', 't|london|us']);
  });

  it('remembers "not found", until it is old enough to ask again', async () => {
    provider.reply({ body: [] });
    const geocoder = cachedNominatim();
    expect(await geocoder.geocode({ city: 'Qwxzzy Flarbington' })).toBeNull();
    expect(await geocoder.geocode({ city: 'qwxzzy flarbington' })).toBeNull();
    expect(provider.requests).toHaveLength(1);
    clock.now += 31 * DAY_MS;
    expect(await geocoder.geocode({ city: 'Qwxzzy Flarbington' })).toBeNull();
    expect(provider.requests).toHaveLength(2);
  });

  it('does not remember a failure', async () => {
    provider.reply({ status: 400, body: {} });
    const geocoder = cachedNominatim();
    await expect(geocoder.geocode({ city: 'München' })).rejects.toThrow();
    provider.reply({ body: [munich] });
    expect(await geocoder.geocode({ city: 'München' })).toMatchObject({ precision: 'city' });
    expect(provider.requests).toHaveLength(2);
  });

  it('is what createGeocoder builds when given the database', async () => {
    provider.reply({ body: [munich] });
    const config = loadConfig({ GEOCODER: 'nominatim', NOMINATIM_URL: provider.url });
    const geocoder = createGeocoder(config, { db: database.db, clock: () => clock.now });
    await geocoder.geocode({ city: 'München', country: 'DE' });
    await geocoder.geocode({ city: 'Munchen', country: 'Deutschland' });
    expect(provider.requests).toHaveLength(1);
    const rows = await database.db.selectFrom('geocode_cache').selectAll().execute();
    expect(rows).toEqual([
      {
        provider: 'nominatim',
        address_key: 's||munchen|||de',
        lat: 48.1371079,
        lng: 11.5753822,
        precision: 'city',
        created_at: new Date(clock.now).toISOString(),
      },
    ]);
  });
});
