import { type Static, Type } from 'typebox';

const nullableText = (maxLength: number) => Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));

/** The address to find, in the keys of a location's body; any part may be missing. */
export const GeocodeRequestV2 = Type.Object(
  {
    address: nullableText(500),
    address_line_1: nullableText(255),
    address_line_2: nullableText(255),
    city: nullableText(255),
    state: nullableText(255),
    postcode: nullableText(32),
    country: nullableText(100),
  },
  {
    additionalProperties: false,
    description:
      'An address in the keys of a location body. The components are searched when a city or postcode is among them, else the free-text `address`; a country or state alone is 422.',
    examples: [{ address_line_1: '1 Main St', city: 'Austin', state: 'TX', postcode: '78701', country: 'US' }],
  },
);
export type GeocodeRequestV2 = Static<typeof GeocodeRequestV2>;

export const GeocodeAnswerV2 = Type.Union(
  [
    Type.Object({
      lat: Type.Number({ minimum: -90, maximum: 90, examples: [30.2672] }),
      lng: Type.Number({ minimum: -180, maximum: 180, examples: [-97.7431] }),
      precision: Type.Union(
        [
          Type.Literal('rooftop'),
          Type.Literal('street'),
          Type.Literal('postcode'),
          Type.Literal('city'),
          Type.Literal('region'),
        ],
        { description: 'How exact the point is, from a building to a whole region' },
      ),
      time_zone: Type.Union([Type.String({ examples: ['America/Chicago'] }), Type.Null()], {
        description: 'The IANA time zone the point lies in',
      }),
    }),
    Type.Null(),
  ],
  { description: 'Where the address is, or null when the geocoder found no such place' },
);

/** The map tiles the server's own maps use (`MAP_TILE_URL`, `MAP_TILE_ATTRIBUTION`). */
export const MapTilesV2 = Type.Object({
  tile_url: Type.String({
    description: 'A Leaflet-style URL template of 256 px tiles (`{z}`, `{x}`, `{y}`, `{s}`, `{r}`)',
    examples: ['https://tile.openstreetmap.org/{z}/{x}/{y}.png'],
  }),
  attribution: Type.String({
    description: 'The credit the tiles ask for, as HTML (links only)',
    examples: ['© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'],
  }),
});
