import { type Static, type TSchema, Type } from 'typebox';
import { SOCIAL_FIELDS } from '../../../domain/location-fields.ts';
import { keyed } from '../../../schemas/common.ts';
import { HoursV2, PublicLocationProperties } from './location.v2.ts';

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * What a visitor sees of a location that does not depend on the search or the time: kept ready in the finder's index.
 */
export const PublicLocationFields = Type.Object({
  ...PublicLocationProperties,
  phone_e164: Type.Union([Type.String({ examples: ['+15125550199'] }), Type.Null()], {
    description:
      '`phone` in E.164, for `tel:` links; null when there is no phone or it does not read as a phone number (then show it as text)',
  }),
  lat: Type.Number(),
  lng: Type.Number(),
  ...keyed(SOCIAL_FIELDS, () => nullable(Type.String())),
  location_type: nullable(Type.String()),
  marker: nullable(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      color: nullable(Type.String()),
      icon_url: nullable(Type.String()),
    }),
  ),
  cover_image_url: nullable(Type.String()),
  filters: Type.Array(Type.String(), { description: 'Names of the filters the location has' }),
  fields: Type.Array(Type.Object({ name: Type.String(), value: Type.String() })),
  callsToAction: Type.Array(Type.Object({ title: Type.String(), value: Type.String() }), {
    description:
      "The location's buttons: `value` is the link each follows, always an absolute `http`, `https`, `mailto:` or `tel:` URL.",
  }),
  hours: nullable(HoursV2),
  time_zone: nullable(Type.String()),
});
export type PublicLocationFields = Static<typeof PublicLocationFields>;

/** How a map draws a location's pin. */
export const PublicMarker = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    color: nullable(Type.String({ examples: ['#d62828'] })),
    icon_url: nullable(Type.String()),
  },
  { description: 'How a pin is drawn' },
);

/** A location as a map's pin: a GeoJSON point with its ID, name, marker and type. */
export const PinFeature = Type.Object({
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
});
export type PinFeature = Static<typeof PinFeature>;
