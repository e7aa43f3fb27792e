import type { LocationBulk, LocationListQuery } from '../api/locations.ts';

// The Stores screen's state, kept in the address (so a reload, a shared link and Back show the same list): the API's
// own query keys, so the list asks for what the address says, and "every match" of a bulk action is the same filters.

export const PAGE_SIZES = [25, 50, 100] as const;
export const SORT_COLUMNS = ['name', 'city', 'updated_at'] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];
export const ATTENTION = ['any', 'no_coordinates', 'geocoding_failed', 'no_hours', 'hidden'] as const;
export type Attention = (typeof ATTENTION)[number];

export interface StoresQuery {
  page: number;
  limit: number;
  /** A sort column, `-` first for descending; empty for the API's default (by ID, the order stores were made). */
  sort: string;
  q: string;
  attention: Attention | '';
  visible: 'true' | 'false' | '';
  phoneValid: 'true' | 'false' | '';
  /** A substring of the city (`city[like]`). */
  city: string;
  /** The country, whole (`country`). */
  country: string;
}

const oneOf = <T extends string>(value: string | undefined, allowed: readonly T[]): T | '' =>
  (allowed as readonly string[]).includes(value ?? '') ? (value as T) : '';

const positive = (value: string | undefined, fallback: number): number => {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 ? number : fallback;
};

/** The screen's state from the address's query; a value the API would refuse is dropped, not sent. */
export function storesQueryOf(query: Record<string, string | undefined>): StoresQuery {
  const limit = positive(query.limit, PAGE_SIZES[0]);
  const sorts = SORT_COLUMNS.flatMap((column) => [column, `-${column}`]);
  return {
    page: Math.min(positive(query.page, 1), 1_000_000_000),
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : PAGE_SIZES[0],
    sort: oneOf(query.sort, sorts),
    q: (query.q ?? '').slice(0, 255),
    attention: oneOf(query.attention, ATTENTION),
    visible: oneOf(query.visible, ['true', 'false'] as const),
    phoneValid: oneOf(query.phone_valid, ['true', 'false'] as const),
    city: (query['city[like]'] ?? '').slice(0, 255),
    country: (query.country ?? '').slice(0, 255),
  };
}

/** The filters of the state as the API names them (what "every match" of a bulk action is). */
export function whereOf(state: StoresQuery): NonNullable<LocationBulk['where']> {
  const where: NonNullable<LocationBulk['where']> = {};
  if (state.q.trim()) where.q = state.q.trim();
  if (state.attention) where.attention = state.attention;
  if (state.visible) where.visible = state.visible;
  if (state.phoneValid) where.phone_valid = state.phoneValid;
  if (state.city.trim()) where['city[like]'] = state.city.trim();
  if (state.country.trim()) where.country = state.country.trim();
  return where;
}

/** Whether any filter narrows the list. */
export const isFiltered = (state: StoresQuery): boolean => Object.keys(whereOf(state)).length > 0;

/** The list request of the state: its filters, its page, and the columns the table shows. */
export function listQueryOf(state: StoresQuery): LocationListQuery {
  return {
    ...whereOf(state),
    page: state.page,
    limit: state.limit,
    includeHours: '1',
    ...(state.sort ? { sort: state.sort as LocationListQuery['sort'] } : {}),
  };
}

/** The address's query of the state, leaving out what is the default. */
export function searchOf(state: StoresQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(whereOf(state))) params.set(key, String(value));
  if (state.sort) params.set('sort', state.sort);
  if (state.limit !== PAGE_SIZES[0]) params.set('limit', String(state.limit));
  if (state.page !== 1) params.set('page', String(state.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}
