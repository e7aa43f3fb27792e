import { InvalidInputError } from '../../../../domain/errors.ts';
import { KM_PER_MILE } from '../../../../domain/geo.ts';
import { namesOfList } from '../../../../domain/name-list.ts';
import { instantOf } from '../../../../domain/time.ts';
import type { App } from '../../../../http/app-type.ts';
import { errorResponses } from '../../../../schemas/common.ts';
import type { Finder } from '../../finder.service.ts';
import { answeredNotModified } from '../../http/etags.ts';
import { sendKeptJson } from '../../http/kept-json.ts';
import { publicAccessOf } from '../../http/key-check.ts';
import type { LocationSearch, SearchPlace, SearchResult } from '../../location-search.service.ts';
import { SearchAnswer, SearchQuery } from '../../schemas/public-search.ts';

const on = (flag: string | undefined) => flag === '1' || flag === 'true';
const refuse = (parameter: string, message: string): never => {
  throw InvalidInputError.fields({ [parameter]: [message] });
};

function placeOf(query: SearchQuery): SearchPlace {
  const point = query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : undefined;
  if ((query.lat === undefined) !== (query.lng === undefined))
    refuse(query.lat === undefined ? 'lat' : 'lng', 'is required with the other coordinate');
  if (query.bbox !== undefined) {
    const parts = query.bbox.split(',').map((part) => (part.trim() === '' ? Number.NaN : Number(part)));
    const [west = Number.NaN, south = Number.NaN, east = Number.NaN, north = Number.NaN] = parts;
    const valid =
      parts.length === 4 &&
      parts.every(Number.isFinite) &&
      Math.abs(west) <= 180 &&
      Math.abs(east) <= 180 &&
      south >= -90 &&
      north <= 90 &&
      south < north;
    if (!valid)
      refuse(
        'bbox',
        'must be minLng,minLat,maxLng,maxLat with longitudes in -180..180, latitudes in -90..90 and minLat below maxLat',
      );
    return { kind: 'box', west, south, east, north, ...(point ? { point } : {}) };
  }
  if (point) return { kind: 'point', point };
  if (query.q !== undefined) {
    const countries = namesOfList(query.country);
    if (countries.some((code) => !/^[A-Za-z]{2}$/.test(code)))
      refuse('country', 'must be ISO 3166-1 alpha-2 codes, comma-separated, such as US,CA');
    return { kind: 'address', text: query.q, countries: countries.map((code) => code.toUpperCase()) };
  }
  return refuse('lat', 'give lat and lng, q (an address or place) or bbox');
}

function instantAt(text: string): number {
  const instant = instantOf(text);
  return instant === undefined ? refuse('at', 'must be an ISO 8601 date-time with an offset') : Date.parse(instant);
}

/** Told of each search the route answers with results (not a 304, not an error): the store finder's analytics. */
export interface SearchCounter {
  countSearch(projectId: number, search: LocationSearch, result: SearchResult): void;
  /** A finder's list on opening (`initial=1`): a view of the finder, not a visitor's search. */
  countView(projectId: number): void;
}

export function registerPublicSearch(
  app: App,
  { finder, analytics }: { finder: Finder; analytics: SearchCounter },
): void {
  app.get(
    '/api/public/v1/search',
    {
      config: { publicKey: true, anonymousLog: true },
      schema: {
        tags: ['Store finder (public)'],
        operationId: 'searchLocations',
        summary: 'Find the nearest visible locations',
        description:
          'With a publishable key. Where: `lat` and `lng`, `q` (geocoded, biased to `country`), or `bbox` (every match inside, nearest to `lat`,`lng` or the box centre first). ' +
          'Within `radius` of the origin, nearest first then by ID; when none is in range, the nearest `limit` anywhere with `meta.fallback: true` (unless `fallback=0`). ' +
          '`filters` with `match=all|any`, `type` (any of), `open_now=1` (at `at`). Only visible locations with coordinates. A `q` that finds no place answers no results and `meta.origin: null`; a geocoder that does not answer is 503 with `Retry-After`. ' +
          "Answers carry an `ETag` (from the project's data version, the query and, without `at`, the minute) and `Cache-Control: public, max-age=60, stale-while-revalidate=300` (`PUBLIC_CACHE_CONTROL`); `If-None-Match` with a current tag is 304. " +
          'A browser origin the key does not allow is 403 with `Access-Control-Allow-Origin` echoing that origin (and `Vary: Origin`), so the page can read the message naming it; a project without the plan is 403 no page may read. ' +
          'Each answered search (not a 304, not an error) is counted for the project’s analytics, with nothing that identifies the visitor (see `GET /api/v2/projects/{project_id}/analytics`); one with `initial=1` (a finder’s list on opening) counts as a view of the finder, not as a search. ' +
          '`Server-Timing: search;desc="index"` says the project’s in-memory index answered; `desc="database"`, that the database did while the index was being built (the same answer, more slowly).',
        security: [{ publishableKey: [] }, { publishableKeyHeader: [] }],
        querystring: SearchQuery,
        response: {
          200: SearchAnswer,
          304: { type: 'null', description: 'Not modified' },
          ...errorResponses(401, 403, 422, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const { query } = request;
      const now = query.at !== undefined ? instantAt(query.at) : finder.clock();
      const unit = query.unit ?? 'km';
      const radius = query.radius ?? 50;
      const filters = namesOfList(query.filters);
      const types = namesOfList(query.type);
      const search: LocationSearch = {
        place: placeOf(query),
        radiusKm: unit === 'mi' ? radius * KM_PER_MILE : radius,
        limit: query.limit ?? 20,
        ...(types.length > 0 ? { types } : {}),
        ...(filters.length > 0 ? { filters: { names: filters, match: query.match ?? 'all' } } : {}),
        ...(on(query.open_now) ? { openAt: now } : {}),
        fallback: query.fallback === undefined || on(query.fallback),
      };
      if (answeredNotModified(request, reply, query.at === undefined ? Math.floor(now / 60_000) : undefined))
        return null;
      const access = publicAccessOf(request);
      const result = await finder.search(access, search, now);
      void reply.header('server-timing', `search;desc="${result.from}"`);
      if (on(query.initial)) analytics.countView(access.projectId);
      else analytics.countSearch(access.projectId, search, result);
      return sendKeptJson(reply, answerOf(result, radius, unit));
    },
  );
}

/**
 * The answer as bytes, in SearchAnswer's shape (which the tests check every answer against): each location's JSON as
 * `FinderBodies` keeps it, with what this search and this minute add written in before its closing brace, all
 * copied once into one buffer.
 */
function answerOf(result: SearchResult, radius: number, unit: 'km' | 'mi'): Buffer {
  const meta = { origin: result.origin, radius, unit, count: result.hits.length, fallback: result.fallback };
  const tails = result.hits.map(({ distanceKm, hours }, n) => {
    const distance = {
      value: Math.round((unit === 'mi' ? distanceKm / KM_PER_MILE : distanceKm) * 100) / 100,
      unit,
      meters: Math.round(distanceKm * 1000),
    };
    return `,${hours.json},"distance":${JSON.stringify(distance)}}${n === result.hits.length - 1 ? '' : ','}`;
  });
  const head = '{"data":[';
  const end = `],"meta":${JSON.stringify(meta)}}`;
  let size = Buffer.byteLength(head) + Buffer.byteLength(end);
  for (const [n, { json }] of result.hits.entries()) size += json.length + Buffer.byteLength(tails[n] ?? '');
  const answer = Buffer.allocUnsafe(size);
  let at = answer.write(head);
  result.hits.forEach(({ json }, n) => {
    at += json.copy(answer, at);
    at += answer.write(tails[n] ?? '', at);
  });
  answer.write(end, at);
  return answer;
}
