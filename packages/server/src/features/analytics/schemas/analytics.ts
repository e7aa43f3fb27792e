import { type Static, Type } from 'typebox';
import { VISITOR_ACTIONS } from '../../../domain/search-analytics.ts';
import { DataEnvelope, keyed } from '../../../schemas/common.ts';

export const ANALYTICS_TAG = 'V2 analytics';

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'A UTC day', examples: ['2026-11-28'] });

export const AnalyticsQuery = Type.Object({
  from: Type.Optional(
    Type.String({
      description: 'First UTC day, `YYYY-MM-DD` (default: 29 days before `to`)',
      examples: ['2026-11-01'],
    }),
  ),
  to: Type.Optional(
    Type.String({
      description: 'Last UTC day, included, `YYYY-MM-DD` (default: today); at most 400 days after `from`',
      examples: ['2026-11-30'],
    }),
  ),
});
export type AnalyticsQuery = Static<typeof AnalyticsQuery>;

export const AnalyticsReportQuery = Type.Object({
  ...AnalyticsQuery.properties,
  format: Type.Optional(
    Type.Union([Type.Literal('json'), Type.Literal('csv')], { description: '`csv` for the report as a file' }),
  ),
});

const count = (description: string) => Type.Integer({ minimum: 0, description });

const SEARCH_COUNTS = {
  views: count('Finders opened: the lists a finder showed before the visitor searched (`initial=1`), not searches'),
  searches: count('Searches answered (not 304s, not errors)'),
  zero_result: count('Searches that found nothing within range, whether or not the fallback answered'),
  fallback: count('Searches answered by the fallback (the nearest locations beyond the radius)'),
};
const ACTION_COUNTS = keyed(VISITOR_ACTIONS, (action) =>
  count(
    {
      select: 'Results selected',
      page_view: 'Location pages viewed',
      directions: 'Directions asked for',
      call: 'Calls',
      website: 'Website links followed',
      cta: 'Calls to action followed',
    }[action],
  ),
);

const Counts = Type.Object({ ...SEARCH_COUNTS, ...ACTION_COUNTS });

const ReportPlace = Type.Object({
  place: Type.String({
    description:
      'The geohash (5 characters, a cell of about 5 km) searched from, or `other` for every place seen fewer than 5 times in the period',
    examples: ['u33db'],
  }),
  lat: Type.Union([Type.Number(), Type.Null()], {
    description: 'A point standing for the place (a city’s centre or the cell’s); null for `other`',
  }),
  lng: Type.Union([Type.Number(), Type.Null()]),
  searches: count('Searches from the place'),
  zero_result: count('Of them, those that found nothing within range'),
  zero_result_share: Type.Number({ minimum: 0, maximum: 1, description: '`zero_result / searches`, to 3 decimals' }),
});

export const AnalyticsAnswer = DataEnvelope(
  Type.Object({
    from: Day,
    to: Day,
    totals: Counts,
    kinds: Type.Object(
      { text: count('By typed text'), position: count('By a position'), area: count('By the area a map shows') },
      { description: 'Searches by how they were made' },
    ),
    daily: Type.Array(Type.Object({ date: Day, ...SEARCH_COUNTS, ...ACTION_COUNTS }), {
      description: 'Every day of the period, in order, days without counts included',
    }),
    places: Type.Array(ReportPlace, {
      description:
        'Text searches count at the place they were geocoded to, position searches at their cell; area searches have no place. The 100 most searched places seen at least 5 times, then `other`',
    }),
    filters: Type.Array(
      Type.Object({
        kind: Type.Union([Type.Literal('filter'), Type.Literal('type')]),
        name: Type.String({ description: 'The project’s name of the filter or location type' }),
        searches: count('Searches asking for it'),
      }),
      { description: 'Filters and location types searched for, most first' },
    ),
    locations: Type.Array(
      Type.Object({ id: Type.String({ examples: ['loc_4f9XkQ2mZr8TbW1c'] }), name: Type.String(), ...ACTION_COUNTS }),
      { description: 'Locations with visitors’ actions in the period, most first' },
    ),
  }),
);
export type AnalyticsAnswer = Static<typeof AnalyticsAnswer>;

export const UnservedAnswer = DataEnvelope(
  Type.Object({
    from: Day,
    to: Day,
    places: Type.Array(
      Type.Object({
        place: ReportPlace.properties.place,
        lat: Type.Number({ description: 'A point standing for the place (a city’s centre or the cell’s)' }),
        lng: Type.Number(),
        zero_result: count('Searches from the place that found nothing within range (with or without a fallback)'),
        searches: count('Every search from the place'),
        nearest_store_km: Type.Union([Type.Number(), Type.Null()], {
          description: 'Kilometres to the nearest visible location of the project; null when it has none',
        }),
      }),
      { description: 'At most 50 places seen at least 5 times, the most searches that found nothing first' },
    ),
  }),
);
