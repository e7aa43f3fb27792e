// Typed fetches of the public store-finder API. The shapes are the client's, read from the API's generated OpenAPI
// document (`@locator/client`), so they follow the server's schemas; type imports only, nothing of the client's
// code is bundled.
import type { FinderConfig, PinCollection, PublicLocation, SearchAnswer } from '@locator/client';
import { sendBeacon, type VisitorAction } from './beacon.ts';
import { toCsvList } from './csv.ts';

export type { FinderConfig, PinCollection, PublicLocation, SearchAnswer };
export type Unit = SearchAnswer['meta']['unit'];
/** Each day: `HH:MM-HH:MM` ranges joined by commas, `closed`, or null (unknown). */
export type WeeklyHours = NonNullable<PublicLocation['hours']>;
export type Weekday = keyof WeeklyHours;

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
  /** The list shown on opening, before the visitor searched: counted as a view of the finder, not as a search. */
  initial?: boolean;
}

/** Why a request failed, in the terms the visitor is told. */
export type ApiFailure = 'network' | 'key' | 'origin' | 'rate' | 'geocoder' | 'invalid' | 'server';

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
  if (status === 401) return 'key';
  // The one 403 a page can read: the key does not allow the page's origin (a project without the plan is unreadable).
  if (status === 403) return 'origin';
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
    if (options.initial) params.set('initial', '1');
    return this.get<SearchAnswer>('search', params, signal);
  }

  /** Counts a visitor's action with a location (unless their browser asks not to be tracked). */
  event(type: VisitorAction, locationId: string): void {
    sendBeacon(this.base, this.key, type, locationId);
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
      throw new ApiError('network', null, error instanceof Error ? error.message : String(error));
    }
    if (!response.ok) {
      const body: unknown = await response.json().catch(() => null);
      const message =
        typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
          ? body.message
          : response.statusText;
      const retryAfter = Number(response.headers.get('retry-after'));
      throw new ApiError(
        failureOf(response.status),
        response.status,
        message,
        Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
      );
    }
    return (await response.json()) as T;
  }
}
