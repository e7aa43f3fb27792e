import { type Static, type TSchema, Type } from 'typebox';

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const PublicMarker = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    color: nullable(Type.String({ examples: ['#d62828'] })),
    icon_url: nullable(Type.String()),
  },
  { description: 'How a pin is drawn' },
);

/** Keys and nothing else: the pins page takes the key and nothing to filter by. */
export const PublicKeyQuery = Type.Object(
  { key: Type.Optional(Type.String({ maxLength: 100, description: 'The publishable key (or send `X-Locator-Key`)' })) },
  { additionalProperties: false },
);

export const PinsAnswer = Type.Object({
  type: Type.Literal('FeatureCollection'),
  features: Type.Array(
    Type.Object({
      type: Type.Literal('Feature'),
      id: Type.String({ description: "The location's ID" }),
      geometry: Type.Object({
        type: Type.Literal('Point'),
        coordinates: Type.Array(Type.Number(), {
          minItems: 2,
          maxItems: 2,
          description: '`[lng, lat]`, as GeoJSON orders them',
        }),
      }),
      properties: Type.Object({
        id: Type.String(),
        name: Type.String(),
        marker: nullable(PublicMarker),
        type: nullable(Type.String({ description: 'The location type' })),
      }),
    }),
  ),
});
export type PinsAnswer = Static<typeof PinsAnswer>;

export const FinderConfigAnswer = Type.Object({
  data: Type.Object({
    project: Type.Object({ id: Type.String(), name: Type.String() }),
    filters: Type.Array(Type.String(), {
      description: 'Every filter a visitor may narrow by, in the order the project made them',
    }),
    location_types: Type.Array(Type.String(), { description: 'Every location type, highest priority first' }),
    markers: Type.Array(PublicMarker),
    default_unit: Type.Union([Type.Literal('km'), Type.Literal('mi')], {
      description:
        'Miles when most visible locations are in a country that uses them (US, GB, LR, MM), else kilometres',
    }),
    default_country: nullable(
      Type.String({
        description:
          'The country most visible locations are in (ISO 3166-1 alpha-2): what a postcode search is biased to',
        examples: ['US'],
      }),
    ),
  }),
});
export type FinderConfigAnswer = Static<typeof FinderConfigAnswer>;
