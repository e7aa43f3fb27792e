/** Text columns a V2 list can filter on; `postal_code` is an alias of `postcode`. */
export const FILTERABLE_FIELDS = ['name', 'address', 'city', 'state', 'country', 'postcode'] as const;
export type FilterableField = (typeof FILTERABLE_FIELDS)[number];
export const FILTER_ALIASES: Record<string, FilterableField> = { postal_code: 'postcode' };

/** `eq` and `ne` compare whole values, `like` finds a substring; all ignore case. */
export const FILTER_OPERATORS = ['eq', 'ne', 'like'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export const SORT_KEYS = ['id', 'name', 'city', 'created_at', 'updated_at'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export interface TextFilter {
  field: FilterableField;
  operator: FilterOperator;
  value: string;
}

/**
 * What a location may need a person to look at: no coordinates (missing or zero), a geocoder that found nothing, no
 * weekly hours (no schedule, or one without a single day set), hidden from the public. `any` is any of them.
 */
export const ATTENTION_KINDS = ['no_coordinates', 'geocoding_failed', 'no_hours', 'hidden'] as const;
export type AttentionKind = (typeof ATTENTION_KINDS)[number];
export const ATTENTION_FILTERS = [...ATTENTION_KINDS, 'any'] as const;
export type AttentionFilter = (typeof ATTENTION_FILTERS)[number];

/** Which locations a list shows, or a bulk action changes: every condition holds. */
export interface LocationFilter {
  filters: TextFilter[];
  /** A case-insensitive substring of the name, city, postcode or external ID. */
  q?: string;
  attention?: AttentionFilter;
  visible?: boolean;
  /** Only the locations whose phone reads as a phone number (true), or whose phone does not (false). */
  phoneValid?: boolean;
  /** Only the location with this external ID (exact and case-sensitive, as the key is stored). */
  externalId?: string;
  /** ISO 8601 UTC instant; only locations updated at or after it. */
  updatedSince?: string;
}

export interface LocationListQuery extends LocationFilter {
  page: number;
  limit: number;
  sort: { key: SortKey; descending: boolean };
}

/** Every query key a filter can take: `city`, `city[eq]`, `city[ne]`, `city[like]`, and the same for aliases. */
export function filterQueryKeys(): { key: string; field: FilterableField; operator: FilterOperator; alias: boolean }[] {
  const names: [string, FilterableField, boolean][] = [
    ...FILTERABLE_FIELDS.map((field): [string, FilterableField, boolean] => [field, field, false]),
    ...Object.entries(FILTER_ALIASES).map(([alias, field]): [string, FilterableField, boolean] => [alias, field, true]),
  ];
  return names.flatMap(([name, field, alias]) => [
    { key: name, field, operator: 'eq' as const, alias },
    ...FILTER_OPERATORS.map((operator) => ({ key: `${name}[${operator}]`, field, operator, alias })),
  ]);
}

const FILTER_KEYS = new Map(filterQueryKeys().map((entry) => [entry.key, entry]));

/** Reads the text filters out of a validated query string. */
export function textFiltersOf(query: Record<string, unknown>): TextFilter[] {
  const filters: TextFilter[] = [];
  for (const [key, value] of Object.entries(query)) {
    const entry = FILTER_KEYS.get(key);
    if (entry && typeof value === 'string') filters.push({ field: entry.field, operator: entry.operator, value });
  }
  return filters;
}

/**
 * Parses `sort=name` / `sort=-updated_at`.
 * @example parseSort('-name') // { key: 'name', descending: true }
 */
export function parseSort(sort: string | undefined): LocationListQuery['sort'] {
  if (!sort) return { key: 'id', descending: false };
  const descending = sort.startsWith('-');
  return { key: (descending ? sort.slice(1) : sort) as SortKey, descending };
}

/**
 * Whether a list query selects every location of the project (it only pages and sorts), so its total is the
 * project's location count.
 * @example selectsWholeProject({ page: 2, limit: 100, filters: [], sort: { key: 'id', descending: false } }) // true
 */
export function selectsWholeProject(query: LocationFilter): boolean {
  return (
    query.filters.length === 0 &&
    query.q === undefined &&
    query.attention === undefined &&
    query.visible === undefined &&
    query.phoneValid === undefined &&
    query.updatedSince === undefined &&
    query.externalId === undefined
  );
}

/** Escapes `%`, `_` and `\` so a `like` filter matches the text literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
