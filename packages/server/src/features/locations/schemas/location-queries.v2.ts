import { type Static, Type } from 'typebox';
import { filterQueryKeys, SORT_KEYS } from '../../../domain/location-list.ts';

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
    visible: Type.Optional(
      Type.Union([Type.Literal('true'), Type.Literal('false'), Type.Literal('1'), Type.Literal('0')]),
    ),
    phone_valid: Type.Optional(
      Type.Union([Type.Literal('true'), Type.Literal('false'), Type.Literal('1'), Type.Literal('0')], {
        description:
          '`false`: only the locations whose phone does not read as a phone number (to fix them); `true`: only those whose phone does. Locations without a phone match neither.',
      }),
    ),
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
    sort: Type.Optional(
      Type.Union(
        SORT_KEYS.flatMap((key) => [Type.Literal(key), Type.Literal(`-${key}`)]),
        {
          description: 'Sort key, `-` for descending; ties are broken by ID. Default `id`.',
        },
      ),
    ),
    ...filterProperties,
  },
  { additionalProperties: false },
);
export type LocationListQueryV2 = Static<typeof LocationListQueryV2>;
