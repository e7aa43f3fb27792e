/** The operations the benchmark measures, their floors, and the requests that make each one up. */
import { DEMO_CITIES } from '../packages/server/src/cli/demo-data.ts';
import { BENCH_CATALOG } from './seed-data.ts';

export type OperationName =
  | 'v2-get'
  | 'v2-get-304'
  | 'v2-list'
  | 'v1-list'
  | 'public-search'
  | 'v2-patch'
  | 'v2-post'
  | 'v1-put';

export interface Operation {
  name: OperationName;
  label: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT';
  /** The route pattern, as the Fastify ceiling registers it. */
  route: string;
  api: 'v2' | 'v1' | 'public';
  /** The only status a correct answer has; every other status counts as a failure. */
  expectedStatus: 200 | 201 | 304;
  /** The least share of the node:http ceiling the server must reach; none for the operations only recorded. */
  floor?: number;
  /** The least multiple of the SQL haversine scan's req/s (`haversine-scan-server.ts`), which is then measured too. */
  scanFloor?: number;
}

const EVERY_INCLUDE = 'includeHours=1&includeSpecialHours=1&includeFilters=1&includeFields=1&includeCallsToAction=1';
const V2_ONE = '/api/v2/projects/:project_id/locations/:location_id';
const V2_MANY = '/api/v2/projects/:project_id/locations';

// Reads come first: the 304 operation sends ETags read just before it, which any write could make stale.
export const OPERATIONS: readonly Operation[] = [
  {
    name: 'v2-get',
    label: 'V2 GET one (every include)',
    method: 'GET',
    route: V2_ONE,
    api: 'v2',
    expectedStatus: 200,
    floor: 0.1,
  },
  {
    name: 'v2-get-304',
    label: 'V2 GET one, 304 revalidation',
    method: 'GET',
    route: V2_ONE,
    api: 'v2',
    expectedStatus: 304,
    floor: 0.25,
  },
  {
    name: 'v2-list',
    label: 'V2 list of 100, random page (every include)',
    method: 'GET',
    route: V2_MANY,
    api: 'v2',
    expectedStatus: 200,
    floor: 0.05,
  },
  {
    name: 'v1-list',
    label: 'V1 list of 100, random page',
    method: 'GET',
    route: '/api/locations',
    api: 'v1',
    expectedStatus: 200,
    floor: 0.05,
  },
  {
    name: 'public-search',
    label: 'Store finder: nearest 20 within 50 km, one filter',
    method: 'GET',
    route: '/api/public/v1/search',
    api: 'public',
    expectedStatus: 200,
    floor: 0.25,
    scanFloor: 20,
  },
  { name: 'v2-patch', label: 'V2 PATCH one field', method: 'PATCH', route: V2_ONE, api: 'v2', expectedStatus: 200 },
  { name: 'v2-post', label: 'V2 POST', method: 'POST', route: V2_MANY, api: 'v2', expectedStatus: 201 },
  { name: 'v1-put', label: 'V1 PUT', method: 'PUT', route: '/api/locations/:id', api: 'v1', expectedStatus: 200 },
];

export function operationNamed(name: OperationName): Operation {
  const operation = OPERATIONS.find((candidate) => candidate.name === name);
  if (!operation) throw new Error(`unknown operation ${name}`);
  return operation;
}

/** One of the seeded locations the requests pick from. */
export interface SampledLocation {
  publicId: string;
  v1Id: number;
  /** The `ETag` of its V2 GET with every include, read before the 304 operation; absent until then. */
  etag?: string;
}

/** What requests need to know about the seeded project. */
export interface RequestContext {
  projectId: string;
  v2Token: string;
  legacyToken: string;
  locations: SampledLocation[];
  /** Locations in the project, so list requests can ask for any of its pages. */
  locationCount: number;
  /** A publishable key of the project, for the store finder. */
  publishableKey: string;
}

/**
 * A context for the store finder's searches alone (`public-search`), whose paths need no token, project or key: for
 * scripts that run the benchmark's searches in a process of their own.
 */
export const SEARCHES_ONLY: RequestContext = {
  projectId: '',
  v2Token: '',
  legacyToken: '',
  publishableKey: '',
  locations: [{ publicId: '', v1Id: 0 }],
  locationCount: 0,
};

/** One concrete request: what autocannon sends and what the probe sends. */
export interface RequestSpec {
  method: Operation['method'];
  path: string;
  headers: Record<string, string>;
  body?: string;
}

const PAGE_SIZE = 100;

/** The V2 GET of one location with every include: what the GET and 304 operations ask, and what ETags are read from. */
export function v2GetOne(ctx: RequestContext, publicId: string): RequestSpec {
  return {
    method: 'GET',
    path: `/api/v2/projects/${ctx.projectId}/locations/${publicId}?${EVERY_INCLUDE}`,
    headers: v2Headers(ctx),
  };
}

function v2Headers(ctx: RequestContext): Record<string, string> {
  return { authorization: `Bearer ${ctx.v2Token}`, accept: 'application/json' };
}

/**
 * Builds the `n`-th request of an operation. Requests vary (another location, page or value each time) so reads
 * are not served from one hot row and writes really change something; `random` picks the variation.
 */
export function requestFor(name: OperationName, ctx: RequestContext, n: number, random: () => number): RequestSpec {
  const location = ctx.locations[Math.floor(random() * ctx.locations.length)];
  if (!location) throw new Error('no sampled locations to pick from');
  const v2 = v2Headers(ctx);
  const v1 = { authorization: `Bearer ${ctx.legacyToken}`, accept: 'application/json' };
  const json = { 'content-type': 'application/json' };
  const locations = `/api/v2/projects/${ctx.projectId}/locations`;
  const pages = Math.max(1, Math.ceil(ctx.locationCount / PAGE_SIZE));
  const page = 1 + Math.floor(random() * pages);
  const phone = `+1 555 ${String(n % 10_000_000).padStart(7, '0')}`;
  switch (name) {
    case 'v2-get':
      return v2GetOne(ctx, location.publicId);
    case 'v2-get-304': {
      if (location.etag === undefined) throw new Error(`no ETag was read for location ${location.publicId}`);
      const get = v2GetOne(ctx, location.publicId);
      return { ...get, headers: { ...get.headers, 'if-none-match': location.etag } };
    }
    case 'v2-list':
      return { method: 'GET', path: `${locations}?limit=${PAGE_SIZE}&page=${page}&${EVERY_INCLUDE}`, headers: v2 };
    case 'v1-list':
      return { method: 'GET', path: `/api/locations?limit=${PAGE_SIZE}&page=${page}`, headers: v1 };
    case 'public-search':
      return {
        method: 'GET',
        path: `/api/public/v1/search?${nearMetro(random)}`,
        headers: { 'x-locator-key': ctx.publishableKey, accept: 'application/json' },
      };
    case 'v2-patch':
      return {
        method: 'PATCH',
        path: `${locations}/${location.publicId}`,
        headers: { ...v2, ...json },
        body: JSON.stringify({ phone }),
      };
    case 'v2-post':
      return {
        method: 'POST',
        path: locations,
        headers: { ...v2, ...json },
        body: JSON.stringify(newLocationBody(n, random)),
      };
    case 'v1-put':
      return {
        method: 'PUT',
        path: `/api/locations/${location.v1Id}`,
        headers: { ...v1, ...json },
        body: JSON.stringify({
          name: `Benchmark Store ${n}`,
          phone,
          lat: 30.2711 + random() / 10,
          lng: -97.7437 + random() / 10,
        }),
      };
  }
}

/**
 * A visitor's search near one of the seeded metros (up to about 30 km from its centre, where the locations are
 * within 10 km): the nearest 20 within 50 km that have one filter.
 */
function nearMetro(random: () => number): string {
  const metro = DEMO_CITIES[Math.floor(random() * DEMO_CITIES.length)] ?? DEMO_CITIES[0];
  const filter = BENCH_CATALOG.filters[Math.floor(random() * BENCH_CATALOG.filters.length)] ?? '';
  const lat = ((metro?.lat ?? 0) + (random() - 0.5) * 0.5).toFixed(5);
  const lng = ((metro?.lng ?? 0) + (random() - 0.5) * 0.6).toFixed(5);
  return `lat=${lat}&lng=${lng}&radius=50&limit=20&filters=${encodeURIComponent(filter)}`;
}

/** A complete V2 create body; nonzero coordinates, so the request never waits for a geocoder. */
function newLocationBody(n: number, random: () => number) {
  const day = '09:00-18:00';
  return {
    name: `Benchmark Store ${n}`,
    address_line_1: `${1 + (n % 9000)} Congress Ave`,
    city: 'Austin',
    state: 'TX',
    postcode: '78701',
    country: 'US',
    phone: `+1 555 ${String(n % 10_000_000).padStart(7, '0')}`,
    email: `store-${n}@shop.example`,
    url: `https://shop.example/stores/${n}`,
    lat: Math.round((30.2711 + (random() - 0.5) / 10) * 1e6) / 1e6,
    lng: Math.round((-97.7437 + (random() - 0.5) / 10) * 1e6) / 1e6,
    hours: { mon: day, tue: day, wed: day, thu: day, fri: day, sat: '10:00-16:00', sun: 'closed' },
    filters: ['Wheelchair access', 'Parking', 'Free Wi-Fi'],
    fields: { 'Store manager': 'Grace Hopper', 'Opened in': '2024' },
    callsToAction: { 'Order online': `https://shop.example/order?store=${n}` },
  };
}
