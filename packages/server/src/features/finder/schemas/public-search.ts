import { type Static, type TSchema, Type } from 'typebox';
import { OpeningStatusV2, PublicLocationFields, SpecialHoursV2 } from '../../locations/index.ts';

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const PublicLocation = Type.Object({
  ...PublicLocationFields.properties,
  special_hours: Type.Array(SpecialHoursV2, {
    description: "Special hours of the next 30 days (in the location's zone), in date order",
  }),
  status: OpeningStatusV2,
  distance: Type.Object(
    {
      value: Type.Number({ description: 'In the unit asked for, to two decimals', examples: [1.23] }),
      unit: Type.Union([Type.Literal('km'), Type.Literal('mi')]),
      meters: Type.Integer({ examples: [1234] }),
    },
    { description: 'Great-circle distance from the origin (haversine on a sphere of radius 6,371.0088 km)' },
  ),
});
export type PublicLocation = Static<typeof PublicLocation>;

export const SearchAnswer = Type.Object({
  data: Type.Array(PublicLocation),
  meta: Type.Object({
    origin: Type.Union(
      [
        Type.Object({
          lat: Type.Number(),
          lng: Type.Number(),
          label: nullable(Type.String()),
          precision: nullable(Type.String()),
        }),
        Type.Null(),
      ],
      { description: 'Where distances are measured from; null when `q` found no place' },
    ),
    radius: Type.Number(),
    unit: Type.Union([Type.Literal('km'), Type.Literal('mi')]),
    count: Type.Integer(),
    fallback: Type.Boolean({
      description: 'True when nothing was within the radius and these are the nearest matches anywhere',
    }),
  }),
});

const Coordinate = (minimum: number, maximum: number, description: string) =>
  Type.Number({ minimum, maximum, description });

export const SearchQuery = Type.Object(
  {
    key: Type.Optional(Type.String({ maxLength: 100, description: 'The publishable key (or send `X-Locator-Key`)' })),
    lat: Type.Optional(Coordinate(-90, 90, 'Latitude of the visitor; with `lng`')),
    lng: Type.Optional(Coordinate(-180, 180, 'Longitude of the visitor; with `lat`')),
    q: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description: 'An address, postcode or place, geocoded by the configured geocoder',
      }),
    ),
    country: Type.Optional(
      Type.String({
        maxLength: 200,
        description:
          'ISO 3166-1 alpha-2 codes, comma-separated, that `q` is biased to: a place in one of these countries is preferred ' +
          '(`q=London&country=CA` is London, Ontario), and only when none of them has a match is the best match anywhere taken ' +
          '(a bias, not a filter: a visitor typing a place abroad still gets the nearest stores). A country or region written in `q` ' +
          '(`London, UK`) outweighs it. The offline geocoder takes the most populous match in any of the countries; Nominatim ' +
          'searches all of them at once; Google, which cannot filter by several countries, searches the first.',
        examples: ['US,CA'],
      }),
    ),
    bbox: Type.Optional(
      Type.String({
        maxLength: 200,
        description: '`minLng,minLat,maxLng,maxLat`: every match inside the box ("search this area")',
      }),
    ),
    radius: Type.Optional(
      Type.Number({ exclusiveMinimum: 0, maximum: 1000, description: 'In `unit`; default 50, at most 1,000' }),
    ),
    unit: Type.Optional(Type.Union([Type.Literal('km'), Type.Literal('mi')], { description: 'Default `km`' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'Default 20' })),
    filters: Type.Optional(
      Type.String({
        maxLength: 2000,
        description:
          'Filter names, comma-separated, matched ignoring case; a name holding a comma or a double quote is written in double quotes, as in CSV (`"Beer, wine",Parking`)',
      }),
    ),
    match: Type.Optional(
      Type.Union([Type.Literal('all'), Type.Literal('any')], {
        description: 'Whether a location needs all `filters` (default) or any',
      }),
    ),
    type: Type.Optional(
      Type.String({
        maxLength: 2000,
        description:
          'Location type names, comma-separated (quoted as `filters` when a name holds a comma); a location of one of them matches',
      }),
    ),
    open_now: Type.Optional(
      Type.Union([Type.Literal('1'), Type.Literal('true'), Type.Literal('0'), Type.Literal('false')]),
    ),
    at: Type.Optional(
      Type.String({
        format: 'date-time',
        description: 'The instant `open_now` and `status` are computed for (default: now)',
      }),
    ),
    fallback: Type.Optional(
      Type.Union([Type.Literal('1'), Type.Literal('true'), Type.Literal('0'), Type.Literal('false')], {
        description: 'Default on',
      }),
    ),
    initial: Type.Optional(
      Type.Union([Type.Literal('1'), Type.Literal('true'), Type.Literal('0'), Type.Literal('false')], {
        description:
          'On for the list a finder shows when it opens, before the visitor searched (the widget sends it with its first view): the analytics count it as a view of the finder (`views`), not as a visitor’s search',
      }),
    ),
  },
  { additionalProperties: false },
);
export type SearchQuery = Static<typeof SearchQuery>;
