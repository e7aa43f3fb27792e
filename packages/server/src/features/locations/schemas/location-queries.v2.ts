import { type Static, Type } from 'typebox';
import { InvalidInputError } from '../../../domain/errors.ts';
import {
  ATTENTION_FILTERS,
  filterQueryKeys,
  type LocationFilter,
  SORT_KEYS,
  textFiltersOf,
} from '../../../domain/location-list.ts';
import { instantOf } from '../../../domain/time.ts';

// ---------- List query ----------
const Flag = Type.Union([Type.Literal('1'), Type.Literal('true'), Type.Literal('0'), Type.Literal('false')]);

export const IncludeQueryV2 = {
  includeHours: Type.Optional({ ...Flag, description: '`1`/`true` adds `hours`' }),
  includeSpecialHours: Type.Optional({ ...Flag, description: '`1`/`true` adds `special_hours`' }),
  includeStatus: Type.Optional({
    ...Flag,
    description: "`1`/`true` adds `status`: open now, today's hours and the next change",
  }),
  at: Type.Optional(
    Type.String({
      format: 'date-time',
      description:
        'With includeStatus: compute `status` for this instant (ISO 8601 with an offset) instead of now, for previews and tests',
    }),
  ),
  includeFilters: Type.Optional({ ...Flag, description: '`1`/`true` adds `filters`' }),
  includeFields: Type.Optional({ ...Flag, description: '`1`/`true` adds `fields`' }),
  includeCallsToAction: Type.Optional({ ...Flag, description: '`1`/`true` adds `callsToAction`' }),
};

export const LocationGetQueryV2 = Type.Object(IncludeQueryV2, { additionalProperties: false });
export type LocationGetQueryV2 = Static<typeof LocationGetQueryV2>;

/** Far beyond any real list, and low enough that the row offset of a page stays an exact integer in SQL. */
const MAX_PAGE = 1_000_000_000;

const filterProperties = Object.fromEntries(
  filterQueryKeys().map(({ key, field, operator, alias }) => [
    key,
    Type.Optional(
      Type.String({
        maxLength: 255,
        description: `${alias ? `Alias of ${field}: ` : ''}${operator === 'like' ? 'case-insensitive substring of' : operator === 'ne' ? 'not equal (ignoring case) to' : 'equal (ignoring case) to'} \`${field}\``,
      }),
    ),
  ]),
);

const BooleanText = Type.Union([Type.Literal('true'), Type.Literal('false'), Type.Literal('1'), Type.Literal('0')]);

/** The keys that choose locations: of the list's query string, and of a bulk action's `where`. */
export const LocationFilterPropertiesV2 = {
  q: Type.Optional(
    Type.String({
      maxLength: 255,
      description:
        'Search: a case-insensitive substring of the name, city, postcode or external ID (surrounding spaces ignored)',
      examples: ['berlin'],
    }),
  ),
  attention: Type.Optional(
    Type.Union(
      ATTENTION_FILTERS.map((kind) => Type.Literal(kind)),
      {
        description:
          'Only the locations that need a look: `no_coordinates` (missing or 0), `geocoding_failed`, `no_hours` (no weekly schedule, or one without any day set), `hidden`; `any` is any of these',
      },
    ),
  ),
  visible: Type.Optional(BooleanText),
  phone_valid: Type.Optional({
    ...BooleanText,
    description:
      '`false`: only the locations whose phone does not read as a phone number (to fix them); `true`: only those whose phone does. Locations without a phone match neither.',
  }),
  external_id: Type.Optional(
    Type.String({
      maxLength: 255,
      description:
        'Only the location with this external ID (exact and case-sensitive): looks a location up by your own key',
    }),
  ),
  updated_since: Type.Optional(
    Type.Union([Type.String({ format: 'date-time' }), Type.String({ format: 'date' })], {
      description:
        'ISO 8601 date-time (or a date, meaning its midnight UTC): only locations updated at or after it (incremental sync)',
    }),
  ),
  ...filterProperties,
};

const LocationFilterV2 = Type.Object(LocationFilterPropertiesV2);
export type LocationFilterV2 = Static<typeof LocationFilterV2>;

export const LocationListQueryV2 = Type.Object(
  {
    page: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_PAGE,
        default: 1,
        description: `Page number, from 1 to ${MAX_PAGE.toLocaleString('en')}`,
      }),
    ),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 100, default: 25, description: 'Page size, 1 to 100 (default 25)' }),
    ),
    ...IncludeQueryV2,
    sort: Type.Optional(
      Type.Union(
        SORT_KEYS.flatMap((key) => [Type.Literal(key), Type.Literal(`-${key}`)]),
        {
          description: 'Sort key, `-` for descending; ties are broken by ID. Default `id`.',
        },
      ),
    ),
    ...LocationFilterPropertiesV2,
  },
  { additionalProperties: false },
);
export type LocationListQueryV2 = Static<typeof LocationListQueryV2>;

const isTrue = (flag: string) => flag === 'true' || flag === '1';

/**
 * The locations a list query or a bulk action's `where` chooses; `field` names the parameter in an error (a bulk
 * action's are under `where.`).
 */
export function locationFilterOf(
  query: LocationFilterV2,
  field: (key: string) => string = (key) => key,
): LocationFilter {
  const q = query.q?.trim();
  const filter: LocationFilter = { filters: textFiltersOf(query) };
  if (q) filter.q = q;
  if (query.attention !== undefined) filter.attention = query.attention;
  if (query.visible !== undefined) filter.visible = isTrue(query.visible);
  if (query.phone_valid !== undefined) filter.phoneValid = isTrue(query.phone_valid);
  if (query.external_id !== undefined) filter.externalId = query.external_id;
  if (query.updated_since !== undefined) {
    const instant = instantOf(query.updated_since);
    if (instant === undefined)
      throw InvalidInputError.fields({
        [field('updated_since')]: ['must be an ISO 8601 date-time, e.g. 2026-01-31T12:00:00Z'],
      });
    filter.updatedSince = instant;
  }
  return filter;
}
