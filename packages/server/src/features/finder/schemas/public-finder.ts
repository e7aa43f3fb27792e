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
        text_color: nullable(Type.String({ examples: ['#1b1f24'] })),
        background_color: nullable(Type.String({ examples: ['#ffffff'] })),
        font_family: nullable(Type.String({ examples: ['Georgia, serif'] })),
        corner_radius: nullable(Type.Integer({ examples: [8] })),
        height: nullable(Type.Integer({ examples: [640] })),
        units: nullable(Type.Union([Type.Literal('km'), Type.Literal('mi')])),
        language: nullable(Type.String({ examples: ['de'] })),
        search_radius: nullable(Type.Number({ examples: [50] })),
        result_limit: nullable(Type.Integer({ examples: [20] })),
        consent: nullable(Type.Union([Type.Literal('none'), Type.Literal('click')])),
      },
      {
        description:
          "The project's branding and design (V2 `/projects/{project_id}/branding`), each null for the widget's own default: the widget takes `brand_color` as its accent unless the page sets `--locator-accent`, the colours, font, radius and height likewise unless the page sets their custom property, and `units`, `search_radius` and `result_limit` unless the element has the attribute",
      },
    ),
    filters: Type.Array(Type.String(), {
      description: 'Every filter a visitor may narrow by, in the order the project made them',
    }),
    location_types: Type.Array(Type.String(), { description: 'Every location type, highest priority first' }),
    markers: Type.Array(PublicMarker),
    default_unit: Type.Union([Type.Literal('km'), Type.Literal('mi')], {
      description:
        "The project's `default_unit` when set, else miles when most visible locations are in a country that uses them (US, GB, LR, MM), else kilometres",
    }),
    default_country: nullable(
      Type.String({
        description:
          "The project's `default_country` when set, else the country most visible locations are in (ISO 3166-1 alpha-2): what a postcode search is biased to",
        examples: ['US'],
      }),
    ),
  }),
});
export type FinderConfigAnswer = Static<typeof FinderConfigAnswer>;
