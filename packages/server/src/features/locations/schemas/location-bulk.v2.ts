import { type Static, Type } from 'typebox';
import { BULK_ACTIONS, BULK_MAX_IDS, BULK_MAX_LOCATIONS } from '../../../domain/location-bulk.ts';
import { LocationFilterPropertiesV2 } from './location-queries.v2.ts';

const NAME_MAX = 255;

export const LocationBulkChangeV2 = Type.Object(
  {
    action: Type.Union(
      BULK_ACTIONS.map((action) => Type.Literal(action)),
      {
        description:
          '`show` and `hide` set `visible`; `add_filter` and `remove_filter` add or remove the filter named by `filter`; `set_type` sets `location_type`; `set_hours` replaces the weekly hours with `hours`; `delete` deletes the locations',
      },
    ),
    filter: Type.Optional(
      Type.String({ maxLength: NAME_MAX, description: 'With `add_filter` and `remove_filter`: a configured filter' }),
    ),
    location_type: Type.Optional(
      Type.Union([Type.String({ maxLength: NAME_MAX }), Type.Null()], {
        description: 'With `set_type`: a configured location type; null clears the type',
      }),
    ),
    hours: Type.Optional(
      Type.Record(Type.String(), Type.Union([Type.String({ maxLength: 200 }), Type.Null()]), {
        description:
          'With `set_hours`: the template, all seven days `mon`..`sun` as in a location body (`09:00-17:00`, `closed`, null for unknown)',
        examples: [
          {
            mon: '09:00-18:00',
            tue: '09:00-18:00',
            wed: '09:00-18:00',
            thu: '09:00-18:00',
            fri: '09:00-18:00',
            sat: '10:00-14:00',
            sun: 'closed',
          },
        ],
      }),
    ),
  },
  {
    additionalProperties: false,
    description: 'The one change: an `action` and, for those that take one, its key; any other key is 422',
  },
);

export const LocationBulkV2 = Type.Object(
  {
    ids: Type.Optional(
      Type.Array(Type.String({ maxLength: 64 }), {
        minItems: 1,
        maxItems: BULK_MAX_IDS,
        description: `Public IDs of the locations to change (1 to ${BULK_MAX_IDS.toLocaleString('en')}); an ID that names no location of the project is 422. Give \`ids\` or \`where\`.`,
        examples: [['loc_01HZY8W4K6J2T3V9X5B7N1Q0RS']],
      }),
    ),
    where: Type.Optional(
      Type.Object(LocationFilterPropertiesV2, {
        additionalProperties: false,
        description: `Every location the list would answer for these filters (the list's keys and meanings: \`q\`, \`attention\`, \`visible\`, \`city[like]\`, ...; \`{}\` is every location), at most ${BULK_MAX_LOCATIONS.toLocaleString('en')}: more is 422. Give \`ids\` or \`where\`.`,
        examples: [{ q: 'berlin', attention: 'no_hours' }],
      }),
    ),
    change: LocationBulkChangeV2,
  },
  { additionalProperties: false },
);
export type LocationBulkV2 = Static<typeof LocationBulkV2>;

export const LocationBulkResultV2 = Type.Object({
  action: Type.Union(BULK_ACTIONS.map((action) => Type.Literal(action))),
  count: Type.Integer({ minimum: 0, description: 'How many locations the action worked on' }),
  ids: Type.Array(Type.String(), {
    description:
      'Their public IDs, in ID order. A location the change left as it was (hiding a hidden one) is counted, but its update records no event.',
  }),
});
