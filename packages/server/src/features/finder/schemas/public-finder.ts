import { type Static, type TSchema, Type } from 'typebox';
import { PinFeature, PublicMarker } from '../../locations/index.ts';

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** Keys and nothing else: the pins page takes the key and nothing to filter by. */
export const PublicKeyQuery = Type.Object(
  { key: Type.Optional(Type.String({ maxLength: 100, description: 'The publishable key (or send `X-Locator-Key`)' })) },
  { additionalProperties: false },
);

export const PinsAnswer = Type.Object({
  type: Type.Literal('FeatureCollection'),
  features: Type.Array(PinFeature),
});
export type PinsAnswer = Static<typeof PinsAnswer>;

export const FinderConfigAnswer = Type.Object({
  data: Type.Object({
    project: Type.Object({ id: Type.String(), name: Type.String() }),
    branding: Type.Object(
      {
        display_name: nullable(Type.String()),
        logo_url: nullable(Type.String()),
        brand_color: nullable(Type.String({ examples: ['#7a1f5c'] })),
      },
      {
        description:
          "The project's branding (V2 `/projects/{project_id}/branding`): the widget takes `brand_color` as its accent unless the page sets `--locator-accent`",
      },
    ),
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
