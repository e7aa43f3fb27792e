import { sql } from 'kysely';
import geohash from 'ngeohash';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refOfProject } from '../../src/domain/project-ref.ts';
import type { CreatedUser } from '../../src/features/accounts/index.ts';
import { createLocationDirectly, seedCatalog } from '../support/factories.ts';
import { useFakeProvider } from '../support/fake-provider.ts';
import { call, createAccount, startTestServer, type TestServer } from '../support/server.ts';
import { createTestDatabase, type TestDatabase, testDialect } from '../support/test-database.ts';

// The store finder's analytics through the real HTTP surface: a known set of searches and visitors' actions, counted
// across a flush and a restart, reported exactly, and nothing of the visitors anywhere in the database or the log.

const provider = useFakeProvider();

/** Results in the shape of Nominatim's `/search?format=jsonv2`, at a city's rank. */
const city = (name: string, lat: number, lng: number) => ({
  place_id: 1,
  licence: 'Data © OpenStreetMap contributors',
  osm_type: 'relation',
  osm_id: 1,
  lat: String(lat),
  lon: String(lng),
  category: 'boundary',
  type: 'administrative',
  place_rank: 16,
  importance: 0.7,
  addresstype: 'city',
  name,
  display_name: `${name}, Deutschland`,
  boundingbox: [String(lat - 0.2), String(lat + 0.2), String(lng - 0.3), String(lng + 0.3)],
});
const BERLIN = { lat: 52.517, lng: 13.389 };
const HAMBURG = { lat: 53.551, lng: 9.994 };
const KIEL = { lat: 54.3233, lng: 10.1228 };
const BERLIN_POSITION = { lat: 52.5201, lng: 13.4049 };

// What visitors typed: none of it may be stored or logged.
const BERLIN_TEXT = 'Wilhelmstrasse 77 Berlin';
const HAMBURG_TEXT = 'Elbchaussee 9911 Hamburg';

const logLines: string[] = [];
let database: TestDatabase;
let server: TestServer;
let account: CreatedUser;
let key: string;
const stores: { id: string; lat: number; lng: number }[] = [];

const env = () => ({
  GEOCODER: 'nominatim',
  NOMINATIM_URL: provider.url,
  GEOCODER_REQUESTS_PER_SECOND: '1000',
  PUBLIC_RATE_LIMIT_PER_MINUTE: '0',
});

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer({ database, env: env(), logLines, logLevel: 'info' });
  account = await createAccount(server);
  await seedCatalog(server, account.project);
  key = (await server.services.finder.keys.create({ owner: { project: refOfProject(account.project) }, origins: [] }))
    .key;
  for (const [n, point] of [
    { lat: 52.51, lng: 13.38 },
    { lat: 52.53, lng: 13.42 },
    { lat: 52.45, lng: 13.3 },
  ].entries()) {
    const view = await createLocationDirectly(server.database.db, account.project, {
      name: `Berlin ${n}`,
      city: 'Berlin',
      ...point,
      filters: ['Wifi'],
      location_type: 'Store',
    });
    stores.push({ id: view.record.public_id, ...point });
  }
  // Hidden, so never the nearest store of unserved demand.
  await createLocationDirectly(server.database.db, account.project, {
    name: 'Hamburg (hidden)',
    city: 'Hamburg',
    ...HAMBURG,
    visible: false,
  });
});

afterAll(async () => {
  await server?.stop();
  await database?.dispose();
});

const search = (query: string, headers: Record<string, string> = {}) =>
  call(server, 'GET', `/api/public/v1/search?key=${key}&${query}`, { headers });

const event = (body: unknown, headers: Record<string, string> = {}) =>
  call(server, 'POST', `/api/public/v1/events?key=${key}`, {
    rawBody: JSON.stringify(body),
    headers: { 'content-type': 'text/plain;charset=UTF-8', ...headers },
  });

const report = (query = '') =>
  call(server, 'GET', `/api/v2/projects/${account.project.public_id}/analytics${query}`, {
    token: account.token.token,
  });

async function searchesAndEvents(): Promise<void> {
  provider.reply({ body: [city('Berlin', BERLIN.lat, BERLIN.lng)] });
  for (let n = 0; n < 6; n += 1)
    expect((await search(`q=${encodeURIComponent(BERLIN_TEXT)}&filters=Wifi,Bogus&match=any`)).status).toBe(200);
  provider.reply({ body: [city('Hamburg', HAMBURG.lat, HAMBURG.lng)] });
  for (let n = 0; n < 5; n += 1) {
    const answer = await search(`q=${encodeURIComponent(HAMBURG_TEXT)}`);
    expect(answer.body.meta.fallback).toBe(true);
  }
  await server.services.analytics.flush();
  for (let n = 0; n < 2; n += 1) {
    const answer = await search(`lat=${KIEL.lat}&lng=${KIEL.lng}&fallback=0`);
    expect(answer.body.data).toEqual([]);
  }
  for (let n = 0; n < 3; n += 1)
    expect((await search(`lat=${BERLIN_POSITION.lat}&lng=${BERLIN_POSITION.lng}&type=Store`)).status).toBe(200);
  expect((await search('bbox=13.2,52.4,13.6,52.6')).body.data.length).toBe(3);
  // A finder's list on opening is a view, not a search: neither a search nor an area.
  for (const initial of ['1', 'true'])
    expect((await search(`bbox=13.2,52.4,13.7,52.6&limit=100&initial=${initial}`)).body.data.length).toBe(3);
  expect((await search('bbox=13.2,52.4,13.8,52.6&initial=0')).status).toBe(200);
  // Neither a 304 nor an error counts.
  const again = await search(`lat=${BERLIN_POSITION.lat}&lng=${BERLIN_POSITION.lng}&type=Store`);
  const etag = again.headers.get('etag') ?? '';
  expect(
    (await search(`lat=${BERLIN_POSITION.lat}&lng=${BERLIN_POSITION.lng}&type=Store`, { 'if-none-match': etag }))
      .status,
  ).toBe(304);
  expect((await search('lat=100&lng=0')).status).toBe(422);

  const [first, second] = stores;
  for (let n = 0; n < 3; n += 1) expect((await event({ type: 'select', location_id: first?.id })).status).toBe(204);
  expect((await event({ type: 'directions', location_id: first?.id })).status).toBe(204);
  for (let n = 0; n < 2; n += 1) expect((await event({ type: 'call', location_id: second?.id })).status).toBe(204);
  expect((await event({ type: 'select', location_id: first?.id }, { 'sec-gpc': '1' })).status).toBe(204);
  expect((await event({ type: 'website', location_id: second?.id }, { dnt: '1' })).status).toBe(204);
}

/** `again` counts the extra search made to read its ETag. */
const EXPECTED_TOTALS = {
  views: 2,
  searches: 6 + 5 + 2 + 3 + 1 + 1 + 1,
  zero_result: 5 + 2,
  fallback: 5,
  select: 3,
  page_view: 0,
  directions: 1,
  call: 2,
  website: 0,
  cta: 0,
};

describe('search analytics', () => {
  it('counts a known set of searches and actions exactly, across a flush and a restart', async () => {
    await searchesAndEvents();
    // The restart: the first server writes what it holds as it closes; a second one reads the same database.
    await server.stop();
    server = await startTestServer({ database, env: env(), logLines, logLevel: 'info' });

    const answer = await report();
    expect(answer.status).toBe(200);
    const data = answer.body.data;
    expect(data.totals).toEqual(EXPECTED_TOTALS);
    expect(data.kinds).toEqual({ text: 11, position: 6, area: 2 });
    expect(data.daily).toHaveLength(30);
    const today = new Date(server.clock.now).toISOString().slice(0, 10);
    expect(data.to).toBe(today);
    expect(data.daily.at(-1)).toEqual({ date: today, ...EXPECTED_TOTALS });
    expect(data.daily.slice(0, -1).every((day: { searches: number }) => day.searches === 0)).toBe(true);
    // Only the project's own names: "Bogus" is no filter of it.
    expect(data.filters).toEqual([
      { kind: 'filter', name: 'Wifi', searches: 6 },
      { kind: 'type', name: 'Store', searches: 4 },
    ]);
    expect(data.locations).toEqual([
      { id: stores[0]?.id, name: 'Berlin 0', select: 3, page_view: 0, directions: 1, call: 0, website: 0, cta: 0 },
      { id: stores[1]?.id, name: 'Berlin 1', select: 0, page_view: 0, directions: 0, call: 2, website: 0, cta: 0 },
    ]);
  });

  it('reports a place only when it was seen at least 5 times, the rest as "other"', async () => {
    const { places } = (await report()).body.data;
    const berlinCity = geohash.encode(BERLIN.lat, BERLIN.lng, 5);
    const berlinPosition = geohash.encode(BERLIN_POSITION.lat, BERLIN_POSITION.lng, 5);
    const hamburg = geohash.encode(HAMBURG.lat, HAMBURG.lng, 5);
    const byPlace = new Map(places.map((place: { place: string }) => [place.place, place]));
    expect(byPlace.get(hamburg)).toEqual({
      place: hamburg,
      lat: HAMBURG.lat,
      lng: HAMBURG.lng,
      searches: 5,
      zero_result: 5,
      zero_result_share: 1,
    });
    // Berlin by text (6) and by position (4): one cell or two, each a place of its own only with 5 or more.
    const berlin = berlinCity === berlinPosition ? [[berlinCity, 10]] : [[berlinCity, 6]];
    for (const [cell, searches] of berlin) expect(byPlace.get(cell as string)).toMatchObject({ searches });
    const otherSearches = 2 + (berlinCity === berlinPosition ? 0 : 4);
    expect(places.at(-1)).toEqual({
      place: 'other',
      lat: null,
      lng: null,
      searches: otherSearches,
      zero_result: 2,
      zero_result_share: Math.round((2 / otherSearches) * 1000) / 1000,
    });
    expect(byPlace.has(geohash.encode(KIEL.lat, KIEL.lng, 5))).toBe(false);
  });

  it('lists unserved demand with the distance to the nearest visible store', async () => {
    const answer = await call(server, 'GET', `/api/v2/projects/${account.project.public_id}/analytics/unserved`, {
      token: account.token.token,
    });
    expect(answer.status).toBe(200);
    const nearest = Math.min(...stores.map((store) => haversineKm(HAMBURG, store)));
    expect(answer.body.data.places).toEqual([
      {
        place: geohash.encode(HAMBURG.lat, HAMBURG.lng, 5),
        lat: HAMBURG.lat,
        lng: HAMBURG.lng,
        zero_result: 5,
        searches: 5,
        nearest_store_km: Math.round(nearest * 10) / 10,
      },
    ]);
    expect(nearest).toBeGreaterThan(200);
  });

  it('answers the report as CSV, one row per count', async () => {
    const answer = await report('?format=csv');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = answer.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('section,key,name,metric,value');
    expect(lines).toContain('totals,,,searches,19');
    expect(lines).toContain('totals,,,views,2');
    expect(lines).toContain('totals,,,zero_result,7');
    expect(lines).toContain('filters,filter,Wifi,searches,6');
    expect(lines).toContain(`locations,${stores[1]?.id},Berlin 1,call,2`);
    expect(lines).toContain(`places,${geohash.encode(HAMBURG.lat, HAMBURG.lng, 5)},,zero_result_share,1`);
  });

  it("counts the events of the server's own hosted pages whatever origins the key allows", async () => {
    const { key: shopKey } = await server.services.finder.keys.create({
      owner: { project: refOfProject(account.project) },
      origins: ['https://shop.example'],
    });
    const send = (origin: string) =>
      call(server, 'POST', `/api/public/v1/events?key=${shopKey}`, {
        rawBody: JSON.stringify({ type: 'page_view', location_id: stores[2]?.id }),
        headers: { 'content-type': 'text/plain;charset=UTF-8', origin },
      });
    expect((await send(new URL(server.url).origin)).status).toBe(204);
    expect((await send('https://shop.example')).status).toBe(204);
    expect((await send('https://elsewhere.example')).status).toBe(403);
    await server.services.analytics.flush();
    expect((await report()).body.data.totals.page_view).toBe(2);
  });

  it('documents the text/plain body a beacon sends, and the initial list of a finder', async () => {
    const document = (await call(server, 'GET', '/api/public/v1/openapi.json')).body;
    const events = document.paths['/api/public/v1/events'].post;
    expect(Object.keys(events.requestBody.content).sort()).toEqual(['application/json', 'text/plain']);
    const parameters = document.paths['/api/public/v1/search'].get.parameters.map((p: { name: string }) => p.name);
    expect(parameters).toContain('initial');
  });

  it('refuses bad periods and bad events with clear 422s', async () => {
    expect((await report('?from=2026-02-30')).body.errors).toEqual({ from: ['must be a date as YYYY-MM-DD'] });
    expect((await report('?from=2026-11-02&to=2026-11-01')).body.errors).toEqual({
      from: ['must not be after to'],
    });
    expect((await report('?from=2024-01-01&to=2026-01-01')).status).toBe(422);
    const unknown = await event({ type: 'select', location_id: 'loc_nothing' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toHaveProperty('location_id');
    expect((await event({ type: 'hover', location_id: stores[0]?.id })).status).toBe(422);
    expect((await call(server, 'POST', '/api/public/v1/events', { rawBody: '{}' })).status).toBe(401);
  });

  it('keeps nothing of the visitors in the database, and logs neither what they typed nor their address', async () => {
    const rows = JSON.stringify(await everyRow(server)).toLowerCase();
    expect(rows).toContain('wifi'); // the search reads real rows
    for (const needle of ['wilhelmstrasse', 'elbchaussee', '9911', '127.0.0.1', String(KIEL.lat), 'bogus'])
      expect(rows).not.toContain(needle);
    const log = logLines.join('\n').toLowerCase();
    for (const needle of ['wilhelmstrasse', 'elbchaussee', String(KIEL.lat), 'bogus'])
      expect(log).not.toContain(needle);
    const visitorLines = logLines
      .map((line) => JSON.parse(line) as { msg: string; req?: Record<string, unknown> })
      .filter((entry) => /\/api\/public\/v1\/(search|events)/.test(String(entry.req?.url)));
    expect(visitorLines.length).toBeGreaterThan(10);
    for (const entry of visitorLines) expect(Object.keys(entry.req ?? {}).sort()).toEqual(['method', 'url']);
  });

  it('keeps the counts of a flush that failed for the next one', async () => {
    const { db } = server.database;
    const searchesNow = async () => (await report()).body.data.totals.searches as number;
    const before = await searchesNow();
    for (let n = 0; n < 3; n += 1)
      expect((await search(`lat=${BERLIN_POSITION.lat}&lng=${BERLIN_POSITION.lng}`)).status).toBe(200);
    // The database refuses the write: the table is not there.
    await sql`alter table search_counts rename to search_counts_away`.execute(db);
    await expect(server.services.analytics.flush()).rejects.toThrow();
    await sql`alter table search_counts_away rename to search_counts`.execute(db);
    expect(await searchesNow()).toBe(before);
    expect((await search(`lat=${BERLIN_POSITION.lat}&lng=${BERLIN_POSITION.lng}`)).status).toBe(200);
    await server.services.analytics.flush();
    expect(await searchesNow()).toBe(before + 4);
  });

  it('deletes daily rows older than the retention', async () => {
    server.clock.now += 401 * 86_400_000;
    expect((await search(`lat=${BERLIN_POSITION.lat}&lng=${BERLIN_POSITION.lng}`)).status).toBe(200);
    await server.services.analytics.flush();
    const { db } = server.database;
    const days = await db.selectFrom('search_counts').select('day').distinct().execute();
    expect(days.map((row) => row.day)).toEqual([new Date(server.clock.now).toISOString().slice(0, 10)]);
    expect(await db.selectFrom('location_action_counts').selectAll().execute()).toEqual([]);
    expect((await report()).body.data.totals.searches).toBe(1);
  });
});

describe('with ANALYTICS=off', () => {
  it('counts nothing', async () => {
    const off = await startTestServer({ env: { ANALYTICS: 'off' } });
    try {
      const owner = await createAccount(off);
      const { key: offKey } = await off.services.finder.keys.create({
        owner: { project: refOfProject(owner.project) },
        origins: [],
      });
      const view = await createLocationDirectly(off.database.db, owner.project, { name: 'A', lat: 52.5, lng: 13.4 });
      expect((await call(off, 'GET', `/api/public/v1/search?key=${offKey}&lat=52.5&lng=13.4`)).status).toBe(200);
      const sent = await call(off, 'POST', `/api/public/v1/events?key=${offKey}`, {
        body: { type: 'select', location_id: view.record.public_id },
      });
      expect(sent.status).toBe(204);
      await off.services.analytics.flush();
      expect(await off.database.db.selectFrom('search_counts').selectAll().execute()).toEqual([]);
      expect(await off.database.db.selectFrom('location_action_counts').selectAll().execute()).toEqual([]);
    } finally {
      await off.stop();
    }
  });
});

/** Every row of every table of the server's database. */
async function everyRow(target: TestServer): Promise<Record<string, unknown[]>> {
  const { db } = target.database;
  const tables =
    testDialect() === 'postgres'
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db);
  const all: Record<string, unknown[]> = {};
  for (const { name } of tables.rows) all[name] = (await sql`select * from ${sql.table(name)}`.execute(db)).rows;
  return all;
}

/** Haversine written out afresh, on the sphere of radius 6,371.0088 km. */
function haversineKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const s =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 12742.0176 * Math.asin(Math.sqrt(s));
}
