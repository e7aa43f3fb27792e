/** The operations the benchmark measures, and the requests that make each one up. */

export type OperationName = 'v2-get' | 'v2-get-no-limiter' | 'v2-list' | 'v2-list-any-page' | 'v1-list' | 'v2-patch' | 'v2-post' | 'v1-put';

export interface Operation {
  name: OperationName;
  label: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT';
  /** The route pattern, as the ceiling server registers it. */
  route: string;
  api: 'v2' | 'v1';
  /** Whether the server under test runs with the rate limiter on (a limit too high to refuse) or off. */
  limiter: 'on' | 'off';
  /** The operation whose ceiling this one is compared with besides its own (writes: the V2 GET's). */
  alsoComparedWith?: OperationName;
}

const EVERY_INCLUDE = 'includeHours=1&includeFilters=1&includeFields=1&includeCallsToAction=1';
const V2_ONE = '/api/v2/projects/:project_id/locations/:location_id';
const V2_MANY = '/api/v2/projects/:project_id/locations';

export const OPERATIONS: readonly Operation[] = [
  { name: 'v2-get', label: 'V2 GET one (every include)', method: 'GET', route: V2_ONE, api: 'v2', limiter: 'on' },
  { name: 'v2-get-no-limiter', label: 'V2 GET one, rate limiter off', method: 'GET', route: V2_ONE, api: 'v2', limiter: 'off' },
  { name: 'v2-list', label: 'V2 list limit=100 (every include)', method: 'GET', route: V2_MANY, api: 'v2', limiter: 'on' },
  {
    name: 'v2-list-any-page',
    label: 'V2 list limit=100, any page (a full sync)',
    method: 'GET',
    route: V2_MANY,
    api: 'v2',
    limiter: 'on',
  },
  { name: 'v1-list', label: 'V1 list limit=100', method: 'GET', route: '/api/locations', api: 'v1', limiter: 'on' },
  { name: 'v2-patch', label: 'V2 PATCH one field', method: 'PATCH', route: V2_ONE, api: 'v2', limiter: 'on', alsoComparedWith: 'v2-get' },
  { name: 'v2-post', label: 'V2 POST', method: 'POST', route: V2_MANY, api: 'v2', limiter: 'on', alsoComparedWith: 'v2-get' },
  { name: 'v1-put', label: 'V1 PUT', method: 'PUT', route: '/api/locations/:id', api: 'v1', limiter: 'on', alsoComparedWith: 'v2-get' },
];

export function operationNamed(name: OperationName): Operation {
  const operation = OPERATIONS.find((candidate) => candidate.name === name);
  if (!operation) throw new Error(`unknown operation ${name}`);
  return operation;
}

/** What requests need to know about the seeded project. */
export interface RequestContext {
  projectId: string;
  v2Token: string;
  legacyToken: string;
  publicIds: string[];
  v1Ids: number[];
  /** Locations in the project, so list requests can ask for any of its pages. */
  locationCount: number;
}

/** One concrete request: what autocannon sends and what the size probe sends. */
export interface RequestSpec {
  method: Operation['method'];
  path: string;
  headers: Record<string, string>;
  body?: string;
}

const PAGE_SIZE = 100;

/**
 * Builds the `n`-th request of an operation. Requests vary (another location, page or value each time) so reads
 * are not served from one hot row and writes really change something; `random` picks the variation.
 */
export function requestFor(name: OperationName, ctx: RequestContext, n: number, random: () => number): RequestSpec {
  const any = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(random() * items.length)];
    if (item === undefined) throw new Error('no sample IDs to pick from');
    return item;
  };
  const v2 = { authorization: `Bearer ${ctx.v2Token}`, accept: 'application/json' };
  const v1 = { authorization: `Bearer ${ctx.legacyToken}`, accept: 'application/json' };
  const json = { 'content-type': 'application/json' };
  const locations = `/api/v2/projects/${ctx.projectId}/locations`;
  const pages = Math.max(1, Math.ceil(ctx.locationCount / PAGE_SIZE));
  const page = 1 + Math.floor(random() * pages);
  const phone = `+1 555 ${String(n % 10_000_000).padStart(7, '0')}`;
  switch (name) {
    case 'v2-get':
    case 'v2-get-no-limiter':
      return { method: 'GET', path: `${locations}/${any(ctx.publicIds)}?${EVERY_INCLUDE}`, headers: v2 };
    // The first page, as a store finder asks for it; the next case spreads requests over every page.
    case 'v2-list':
      return { method: 'GET', path: `${locations}?limit=${PAGE_SIZE}&${EVERY_INCLUDE}`, headers: v2 };
    case 'v2-list-any-page':
      return { method: 'GET', path: `${locations}?limit=${PAGE_SIZE}&page=${page}&${EVERY_INCLUDE}`, headers: v2 };
    case 'v1-list':
      return { method: 'GET', path: `/api/locations?limit=${PAGE_SIZE}`, headers: v1 };
    case 'v2-patch':
      return { method: 'PATCH', path: `${locations}/${any(ctx.publicIds)}`, headers: { ...v2, ...json }, body: JSON.stringify({ phone }) };
    case 'v2-post':
      return { method: 'POST', path: locations, headers: { ...v2, ...json }, body: JSON.stringify(newLocationBody(n, random)) };
    case 'v1-put':
      return {
        method: 'PUT',
        path: `/api/locations/${any(ctx.v1Ids)}`,
        headers: { ...v1, ...json },
        body: JSON.stringify({ name: `Benchmark Store ${n}`, phone, lat: 30.2711 + random() / 10, lng: -97.7437 + random() / 10 }),
      };
  }
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
