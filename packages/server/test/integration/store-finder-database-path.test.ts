import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { refOfProject } from '../../src/domain/project-ref.ts';
import { FinderBodies } from '../../src/features/finder/finder-bodies.ts';
import {
  type FinderMemory,
  type LocationSearch,
  type SearchResult,
  searchLocations,
} from '../../src/features/finder/location-search.service.ts';
import type { PublicAccess } from '../../src/features/finder/publishable-keys.service.ts';
import { StoreFinderIndexes } from '../../src/features/finder/store-finder-index.ts';
import { createLocationDirectly, locationRow, seedCatalog } from '../support/factories.ts';
import { mulberry32 } from '../support/random.ts';
import { createAccount, useTestServer } from '../support/server.ts';

// While a project's index is being built, searches are answered from the database by the same ranking over the
// locations of the search's area. Both ways must answer every search alike: the same locations in the same order, at
// the same distances, with the same bodies and statuses, and the same fallback.

const server = useTestServer();
let access: PublicAccess;

const FILTERS = ['Wifi', 'Parking', 'Accessible'];
const TYPES = ['Store', 'Outlet'];
const WEEKDAYS_OPEN = {
  mon: '09:00-17:00',
  tue: '09:00-17:00',
  wed: '09:00-17:00',
  thu: '09:00-17:00',
  fri: '09:00-21:00',
  sat: 'closed',
  sun: 'closed',
};
const SATURDAYS_OPEN = { mon: null, tue: null, wed: null, thu: null, fri: null, sat: '10:00-14:00', sun: null };
/** Around Austin, with some stores far away (Europe, and both sides of the antimeridian) for the fallback to reach. */
const PLACES = [
  { lat: 30.27, lng: -97.74, spread: 1.5, count: 90 },
  { lat: 48.85, lng: 2.35, spread: 2, count: 12 },
  { lat: -17.8, lng: 179.9, spread: 0.5, count: 6 },
  { lat: -17.8, lng: -179.9, spread: 0.5, count: 6 },
];

beforeAll(async () => {
  const account = await createAccount(server);
  await seedCatalog(server, account.project);
  const { key } = await server.services.finder.keys.create({
    owner: { project: refOfProject(account.project) },
    origins: [],
  });
  access = await server.services.finder.keys.accessOf(key);
  const random = mulberry32(11);
  let n = 0;
  for (const place of PLACES)
    for (let index = 0; index < place.count; index += 1, n += 1)
      await createLocationDirectly(server.database.db, account.project, {
        name: `Store ${n}`,
        city: 'Somewhere',
        lat: place.lat + (random() - 0.5) * place.spread,
        lng: Math.max(-180, Math.min(180, place.lng + (random() - 0.5) * place.spread)),
        filters: FILTERS.filter(() => random() < 0.4),
        location_type: TYPES[n % 3 === 0 ? 1 : 0] ?? 'Store',
        visible: n % 13 !== 4,
        ...(n % 4 === 0 ? {} : { time_zone: 'America/Chicago', hours: n % 2 === 0 ? WEEKDAYS_OPEN : SATURDAYS_OPEN }),
      });
  access = await server.services.finder.keys.accessOf(key);
});

const memory = (): FinderMemory => {
  const bodies = new FinderBodies(1024 * 1024);
  return { bodies, indexes: new StoreFinderIndexes((ids) => bodies.forget(ids)) };
};

/** A Wednesday afternoon in Austin: some stores open, some closed. */
const NOW = Date.parse('2026-12-02T20:30:00Z');

const search = (memoryOf: FinderMemory, query: LocationSearch): Promise<SearchResult> =>
  searchLocations(server.database.db, memoryOf, access, query, {
    geocoder: server.services.geocoder,
    now: NOW,
    clock: Date.now(),
  });

/** What a visitor is answered: everything but which way answered. */
const answered = ({ from: _from, ...result }: SearchResult) => result;

const place = fc.oneof(
  fc.record({
    kind: fc.constant('point' as const),
    point: fc.record({
      lat: fc.double({ min: -60, max: 60, noNaN: true }),
      lng: fc.double({ min: -180, max: 180, noNaN: true }),
    }),
  }),
  fc.record({
    kind: fc.constant('point' as const),
    point: fc.record({
      lat: fc.double({ min: 29.5, max: 31, noNaN: true }),
      lng: fc.double({ min: -98.5, max: -97, noNaN: true }),
    }),
  }),
  fc
    .record({
      west: fc.double({ min: -99, max: -97.5, noNaN: true }),
      south: fc.double({ min: 29.5, max: 30.3, noNaN: true }),
      width: fc.double({ min: 0.1, max: 2, noNaN: true }),
      height: fc.double({ min: 0.1, max: 1, noNaN: true }),
    })
    .map(({ west, south, width, height }) => ({
      kind: 'box' as const,
      west,
      south,
      east: west + width,
      north: south + height,
    })),
);

const locationSearch: fc.Arbitrary<LocationSearch> = fc
  .record({
    place,
    radiusKm: fc.constantFrom(1, 10, 50, 200),
    limit: fc.constantFrom(1, 5, 20, 100),
    types: fc.subarray(TYPES, { maxLength: 1 }),
    filters: fc.subarray(FILTERS, { maxLength: 2 }),
    match: fc.constantFrom('all' as const, 'any' as const),
    open: fc.boolean(),
    fallback: fc.boolean(),
  })
  .map(({ place: where, radiusKm, limit, types, filters, match, open, fallback }) => ({
    place: where,
    radiusKm,
    limit,
    ...(types.length > 0 ? { types } : {}),
    ...(filters.length > 0 ? { filters: { names: filters, match } } : {}),
    ...(open ? { openAt: NOW } : {}),
    fallback,
  }));

describe('a search while the index is built', () => {
  it('is answered from the database, exactly as the index answers it', async () => {
    const built = memory();
    await built.indexes.of(server.database.db, access, Date.now());
    let fromDatabase = 0;
    let withHits = 0;
    let fallbacks = 0;
    await fc.assert(
      fc.asyncProperty(locationSearch, async (query) => {
        // A new memory has no index: its first search starts the build and is answered from the database.
        const duringBuild = await search(memory(), query);
        const fromIndex = await search(built, query);
        expect(duringBuild.from).toBe('database');
        expect(fromIndex.from).toBe('index');
        expect(answered(duringBuild)).toEqual(answered(fromIndex));
        fromDatabase += 1;
        if (fromIndex.hits.length > 0) withHits += 1;
        if (fromIndex.fallback) fallbacks += 1;
      }),
      { numRuns: 60, seed: 20261128 },
    );
    // The comparison means something only if the searches find locations, and some only by the fallback.
    expect(fromDatabase).toBe(60);
    expect(withHits).toBeGreaterThan(20);
    expect(fallbacks).toBeGreaterThan(3);
  }, 60_000);

  it('reaches the whole globe for a fallback when fewer locations match than asked for', async () => {
    const query: LocationSearch = {
      place: { kind: 'point', point: { lat: -17.8, lng: 179.95 } },
      radiusKm: 1,
      limit: 500,
      fallback: true,
    };
    const duringBuild = await search(memory(), query);
    const built = memory();
    await built.indexes.of(server.database.db, access, Date.now());
    const fromIndex = await search(built, query);
    expect(duringBuild.from).toBe('database');
    expect(answered(duringBuild)).toEqual(answered(fromIndex));
    // Every visible location, the nearest first: those across the antimeridian before Europe's and Texas's.
    const all = PLACES.reduce((sum, { count }) => sum + count, 0);
    expect(fromIndex.hits.length).toBe(Array.from({ length: all }, (_, n) => n).filter((n) => n % 13 !== 4).length);
    // Twelve stores there, one of them hidden.
    expect(fromIndex.hits.slice(0, 11).every((hit) => hit.distanceKm < 100)).toBe(true);
    expect(fromIndex.hits[11]?.distanceKm).toBeGreaterThan(1000);
  });
});

describe('a search from the database in a dense place', () => {
  it('reads more locations than one statement may bind parameters for (SQLite allows 32,766)', async () => {
    const dense = await createAccount(server);
    const { key } = await server.services.finder.keys.create({
      owner: { project: refOfProject(dense.project) },
      origins: [],
    });
    const denseAccess = await server.services.finder.keys.accessOf(key);
    const count = 33_000;
    const random = mulberry32(3);
    await server.database.db.transaction().execute(async (trx) => {
      for (let start = 0; start < count; start += 500)
        await trx
          .insertInto('locations')
          .values(
            Array.from({ length: Math.min(500, count - start) }, (_, n) =>
              locationRow(dense.project.id, {
                public_id: `loc_dense${String(start + n).padStart(6, '0')}`,
                slug: `dense-${start + n}`,
                name: `Dense ${start + n}`,
                lat: 47.6 + (random() - 0.5) * 0.2,
                lng: -122.3 + (random() - 0.5) * 0.2,
              }),
            ),
          )
          .execute();
    });
    const query: LocationSearch = {
      place: { kind: 'point', point: { lat: 47.6, lng: -122.3 } },
      radiusKm: 50,
      limit: 5,
      fallback: true,
    };
    const duringBuild = await searchLocations(server.database.db, memory(), denseAccess, query, {
      geocoder: server.services.geocoder,
      now: NOW,
      clock: Date.now(),
    });
    const built = memory();
    await built.indexes.of(server.database.db, denseAccess, Date.now());
    const fromIndex = await searchLocations(server.database.db, built, denseAccess, query, {
      geocoder: server.services.geocoder,
      now: NOW,
      clock: Date.now(),
    });
    expect(duringBuild.from).toBe('database');
    expect(duringBuild.hits).toHaveLength(5);
    expect(answered(duringBuild)).toEqual(answered(fromIndex));
  }, 60_000);
});
