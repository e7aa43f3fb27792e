import geohash from 'ngeohash';
import { InvalidInputError } from './errors.ts';
import type { Point } from './geo.ts';
import { isoOf } from './time.ts';

/** What a visitor may do with a result, counted per location and day. */
export const VISITOR_ACTIONS = ['select', 'page_view', 'directions', 'call', 'website', 'cta'] as const;
export type VisitorAction = (typeof VISITOR_ACTIONS)[number];

/** How a visitor searched: by typed text (geocoded), by a position, or by the area a map shows. */
export type SearchKind = 'text' | 'position' | 'area';

/** Characters of the geohash a searched place is counted by: a cell of about 5 km × 5 km. */
export const PLACE_GEOHASH_LENGTH = 5;

/** A place seen fewer times than this in a period is reported only as part of "other". */
export const PLACE_MIN_SEARCHES = 5;

/** The place a search is counted at: a coarse cell, and a point that stands for it (for distances and maps). */
export interface SearchedPlace {
  /** The geohash of the cell (5 characters). */
  place: string;
  lat: number;
  lng: number;
}

/** Precisions whose point is a place's own centre (a city's, a postcode's), which anyone may look up. */
const PUBLIC_CENTRE_PRECISIONS = new Set(['postcode', 'city', 'region']);

/** A coordinate to about 100 m, so that no stored point is more exact than the centre it stands for. */
const rounded = (degrees: number) => Math.round(degrees * 1000) / 1000;

/**
 * The place a search counts at, never the visitor's own position: the geohash-5 cell of the point; the cell's centre
 * stands for it, unless the geocoder answered with a city's or postcode's centre (then that centre, to ~100 m).
 * @example placeOfSearch({ lat: 52.52, lng: 13.405 }, 'city') // { place: 'u33db', lat: 52.52, lng: 13.405 }
 */
export function placeOfSearch(point: Point, precision: string | null): SearchedPlace {
  const place = geohash.encode(point.lat, point.lng, PLACE_GEOHASH_LENGTH);
  if (precision !== null && PUBLIC_CENTRE_PRECISIONS.has(precision))
    return { place, lat: rounded(point.lat), lng: rounded(point.lng) };
  const centre = geohash.decode(place);
  return { place, lat: rounded(centre.latitude), lng: rounded(centre.longitude) };
}

/** The UTC day of an instant, as `YYYY-MM-DD`. */
export function utcDayOf(ms: number): string {
  return isoOf(ms).slice(0, 10);
}

/** The UTC day `days` after (or before, when negative) a `YYYY-MM-DD` day. */
export function dayPlus(day: string, days: number): string {
  return utcDayOf(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000);
}

/** Days a report covers when `from` is not given, `to` included. */
export const DEFAULT_REPORT_DAYS = 30;
/** The longest period one report covers. */
export const MAX_REPORT_DAYS = 400;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function dayParameter(name: string, text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  if (!DAY.test(text) || Number.isNaN(Date.parse(`${text}T00:00:00Z`)) || utcDayOf(Date.parse(text)) !== text)
    throw InvalidInputError.fields({ [name]: ['must be a date as YYYY-MM-DD'] });
  return text;
}

/**
 * The days a report covers, both included: `to` defaults to today (UTC), `from` to 29 days before `to`.
 * @example reportPeriod(undefined, '2026-11-30', 0) // { from: '2026-11-01', to: '2026-11-30' }
 */
export function reportPeriod(
  fromText: string | undefined,
  toText: string | undefined,
  now: number,
): { from: string; to: string } {
  const to = dayParameter('to', toText) ?? utcDayOf(now);
  const from = dayParameter('from', fromText) ?? dayPlus(to, 1 - DEFAULT_REPORT_DAYS);
  if (from > to) throw InvalidInputError.fields({ from: ['must not be after to'] });
  if (dayPlus(from, MAX_REPORT_DAYS - 1) < to)
    throw InvalidInputError.fields({ to: [`must be at most ${MAX_REPORT_DAYS} days after from, both included`] });
  return { from, to };
}

/** Every day of a period, in order. */
export function daysOf({ from, to }: { from: string; to: string }): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = dayPlus(day, 1)) days.push(day);
  return days;
}

/** A place's counts over a period. */
export interface PlaceCounts {
  place: string;
  lat: number | null;
  lng: number | null;
  searches: number;
  zeroResult: number;
}

/** What a report may show of a visitor's places: those seen at least `PLACE_MIN_SEARCHES` times, the rest as one. */
export const OTHER_PLACE = 'other';

/**
 * The `shown` most searched places (then by cell) of those seen at least `PLACE_MIN_SEARCHES` times, and all the rest
 * added up as one `other` place without a point, last (left out when there is none): a place few visitors searched
 * from could point at them.
 * @example foldRarePlaces([{ place: 'u33db', lat: 52.5, lng: 13.4, searches: 2, zeroResult: 1 }], 100)
 * // [{ place: 'other', lat: null, lng: null, searches: 2, zeroResult: 1 }]
 */
export function foldRarePlaces(places: readonly PlaceCounts[], shown: number): PlaceCounts[] {
  const ranked = places
    .filter((place) => place.searches >= PLACE_MIN_SEARCHES)
    .sort((a, b) => b.searches - a.searches || (a.place < b.place ? -1 : 1))
    .slice(0, shown);
  const listed = new Set(ranked);
  const rest = places.filter((place) => !listed.has(place));
  if (rest.length === 0) return ranked;
  const other: PlaceCounts = { place: OTHER_PLACE, lat: null, lng: null, searches: 0, zeroResult: 0 };
  for (const place of rest) {
    other.searches += place.searches;
    other.zeroResult += place.zeroResult;
  }
  return [...ranked, other];
}
