// Typed fetches of the public store-finder API. The shapes mirror packages/server/src/schemas/public-search.ts
// and public-finder.ts by hand: the widget must not pull server code into the browser bundle.
import { toCsvList } from './csv.ts';

export type Unit = 'km' | 'mi';

export interface Marker {
  id: string;
  name: string;
  color: string | null;
  icon_url: string | null;
}

export interface FinderConfig {
  project: { id: string; name: string };
  filters: string[];
  location_types: string[];
  markers: Marker[];
  default_unit: Unit;
  default_country: string | null;
}

export interface PinFeature {
  type: 'Feature';
  id: string;
  geometry: { type: 'Point'; coordinates: [number, number] };
  properties: { id: string; name: string; marker: Marker | null; type: string | null };
}

export interface PinCollection {
  type: 'FeatureCollection';
  features: PinFeature[];
}

export type Weekday = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';

/** Each day: `HH:MM-HH:MM` ranges joined by commas, `closed`, or null (unknown). */
export type WeeklyHours = Record<Weekday, string | null>;

export type SpecialHours =
  | { date: string; hours: string; label: string | null }
  | { from: string; to: string; hours: string; label: string | null };

/** Computed by the server in the location's zone; every key is null when its hours or zone are unknown. */
export interface OpeningStatus {
  open_now: boolean | null;
  today: string | null;
  /** With the location's UTC offset, so its wall-clock time is the location's: `2026-12-24T17:00:00-06:00`. */
  next_change: string | null;
  special: { label: string | null } | null;
}

export interface PublicLocation {
  id: string;
  name: string;
  slug: string;
  address: string;
  display_address: string;
  address_line_1: string | null;
  address_line_2: string | null;
  city: string | null;
  state: string | null;
  postcode: string | null;
  country: string | null;
  phone: string | null;
  email: string | null;
  url: string | null;
  lat: number;
  lng: number;
  facebook: string | null;
  instagram: string | null;
  twitter: string | null;
  yelp: string | null;
  youtube: string | null;
  tiktok: string | null;
  location_type: string | null;
  marker: Marker | null;
  cover_image_url: string | null;
  filters: string[];
  fields: { name: string; value: string }[];
  callsToAction: { title: string; value: string }[];
  hours: WeeklyHours | null;
  time_zone: string | null;
  special_hours: SpecialHours[];
  status: OpeningStatus;
  distance: { value: number; unit: Unit; meters: number };
}

export interface SearchOrigin {
  lat: number;
  lng: number;
  label: string | null;
  precision: string | null;
}

export interface SearchAnswer {
  data: PublicLocation[];
  meta: { origin: SearchOrigin | null; radius: number; unit: Unit; count: number; fallback: boolean };
}

/** Where a search is centred: a typed place, the visitor's position, or the map's visible box. */
export type SearchPlace =
  | { kind: 'query'; q: string }
  | { kind: 'position'; lat: number; lng: number }
  | { kind: 'area'; bbox: [number, number, number, number] };

export interface SearchOptions {
  radius: number;
  unit: Unit;
  limit: number;
  country: string | null;
  filters: string[];
  types: string[];
  openNow: boolean;
}

/** Why a request failed, in the terms the visitor is told. */
export type ApiFailure = 'network' | 'key' | 'rate' | 'geocoder' | 'invalid' | 'server';

export class ApiError extends Error {
  constructor(
    readonly failure: ApiFailure,
    readonly status: number | null,
    message: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

function failureOf(status: number): ApiFailure {
  if (status === 401 || status === 403) return 'key';
  if (status === 429) return 'rate';
  if (status === 503) return 'geocoder';
  if (status === 400 || status === 422) return 'invalid';
  return 'server';
}

export class LocatorApi {
  constructor(
    private readonly base: string,
    private readonly key: string,
  ) {}

  async config(signal?: AbortSignal): Promise<FinderConfig> {
    return (await this.get<{ data: FinderConfig }>('config', new URLSearchParams(), signal)).data;
  }

  locations(signal?: AbortSignal): Promise<PinCollection> {
    return this.get<PinCollection>('locations', new URLSearchParams(), signal);
  }

  search(place: SearchPlace, options: SearchOptions, signal?: AbortSignal): Promise<SearchAnswer> {
    const params = new URLSearchParams();
    if (place.kind === 'query') {
      params.set('q', place.q);
      if (options.country) params.set('country', options.country);
    } else if (place.kind === 'position') {
      params.set('lat', place.lat.toFixed(6));
      params.set('lng', place.lng.toFixed(6));
    } else {
      params.set('bbox', place.bbox.map((n) => n.toFixed(5)).join(','));
    }
    params.set('radius', String(options.radius));
    params.set('unit', options.unit);
    params.set('limit', String(options.limit));
    if (options.filters.length > 0) params.set('filters', toCsvList(options.filters));
    if (options.types.length > 0) params.set('type', toCsvList(options.types));
    if (options.openNow) params.set('open_now', '1');
    return this.get<SearchAnswer>('search', params, signal);
  }

  private async get<T>(path: string, params: URLSearchParams, signal?: AbortSignal): Promise<T> {
    params.set('key', this.key);
    const url = `${this.base.replace(/\/+$/, '')}/api/public/v1/${path}?${params}`;
    let response: Response;
    try {
      // A simple GET (no custom header) needs no preflight; the browser's cache revalidates with the ETag.
      response = await fetch(url, { signal, credentials: 'omit' });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      // An origin the key refuses is a 403 without CORS headers, which the browser reports as this same failure.
      throw new ApiError('network', null, error instanceof Error ? error.message : String(error));
    }
    if (!response.ok) {
      const body: unknown = await response.json().catch(() => null);
      const message =
        typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string' ? body.message : response.statusText;
      const retryAfter = Number(response.headers.get('retry-after'));
      throw new ApiError(failureOf(response.status), response.status, message, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null);
    }
    return (await response.json()) as T;
  }
}
