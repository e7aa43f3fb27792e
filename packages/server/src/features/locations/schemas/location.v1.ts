import { type Static, type TSchema, Type } from 'typebox';
import { WEEKDAYS } from '../../../domain/hours.ts';
import { ADDRESS_COMPONENTS, CONTACT_FIELDS, SOCIAL_FIELDS } from '../../../domain/location-fields.ts';
import { V1_IGNORED_FIELDS, V1_TEXT_LIMITS } from '../../../domain/v1-input.ts';
import { V1_DEFAULT_LIMIT, V1_MAX_LIMIT } from '../../../domain/v1-paging.ts';
import { keyed } from '../../../schemas/common.ts';

const nullable = <T extends TSchema>(schema: T, description?: string) =>
  Type.Union([schema, Type.Null()], description ? { description } : {});

// ---------- Output ----------

export const SocialV1 = Type.Object({
  key: Type.Enum(SOCIAL_FIELDS, { description: 'The social field it comes from' }),
  label: Type.String({ examples: ['Facebook'] }),
  handle: Type.String({ description: 'Profile handle, without `@`', examples: ['downtownstore'] }),
  url: Type.String({
    description: 'Full profile URL: as given, or built from the handle',
    examples: ['https://www.facebook.com/downtownstore'],
  }),
  icon: Type.String({
    description: 'Font Awesome brands icon name (`fa-<icon>`), the same as `key`',
    examples: ['facebook'],
  }),
});

export const HoursV1 = Type.Object(
  {
    name: Type.String({ description: "The schedule's label", examples: ['Opening hours'] }),
    location_id: Type.String({ description: 'V1 ID of the location, as a string', examples: ['42'] }),
    ...keyed(WEEKDAYS, () => nullable(Type.String({ examples: ['09:00-17:00', '09:00-12:00,13:00-17:00', 'closed'] }))),
  },
  {
    description:
      'Weekly schedule: each day `HH:MM-HH:MM` ranges joined by commas (24 h; may pass midnight), `closed`, or null (unknown)',
  },
);

/** A V1 location, keys in the order of the V1 contract. */
export const LocationV1 = Type.Object({
  id: Type.String({ description: 'Numeric V1 ID, as a string', examples: ['42'] }),
  slug: Type.String({ description: 'Read only', examples: ['downtown-store'] }),
  name: Type.String({ examples: ['Downtown Store'] }),
  address: Type.String({
    description: 'Full address; generated from the components unless given',
    examples: ['1 Main St, Austin, TX 78701, US'],
  }),
  display_address: Type.String({ description: 'Address shown to visitors; follows `address` unless given' }),
  ...keyed(ADDRESS_COMPONENTS, () => nullable(Type.String())),
  ...keyed(CONTACT_FIELDS, () => nullable(Type.String())),
  lat: nullable(Type.Number({ minimum: -90, maximum: 90 })),
  lng: nullable(Type.Number({ minimum: -180, maximum: 180 })),
  visible: Type.Boolean(),
  ...keyed(SOCIAL_FIELDS, (key) => nullable(Type.String(), `${key} profile handle or URL, as saved`)),
  socials: Type.Array(SocialV1, { description: 'One entry per filled social field; empty when none' }),
  marker: nullable(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      color: nullable(Type.String()),
      icon_url: nullable(Type.String()),
    }),
    'Read only in V1',
  ),
  location_type: nullable(
    Type.Object({
      id: Type.String({ description: 'Public location type ID' }),
      name: Type.String({ examples: ['Store'] }),
      priority: Type.String({ description: 'Sort priority, as a string', examples: ['1'] }),
      default: Type.Boolean({ description: "Whether it is the project's default type" }),
      label: Type.Boolean(),
    }),
  ),
  cover_image: nullable(Type.Object({ url: Type.String(), name: nullable(Type.String()) }), 'Read only in V1'),
  hours: nullable(HoursV1, 'Read only in V1; null for a coming-soon location'),
  fields: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), value: Type.String() }), {
    description: 'Custom fields; read only in V1',
  }),
  filters: Type.Array(Type.Object({ id: Type.String(), name: Type.String() }), { description: 'Read only in V1' }),
  buttons: Type.Array(Type.Object({ id: Type.String(), title: Type.String(), value: Type.String() }), {
    description: 'Calls to action; read only in V1',
  }),
});
export type LocationV1 = Static<typeof LocationV1>;

// ---------- Input ----------

const optionalText = (field: keyof typeof V1_TEXT_LIMITS, description: string) =>
  Type.Optional(
    Type.Union([Type.String(), Type.Number(), Type.Null()], {
      description: `${description}; at most ${V1_TEXT_LIMITS[field]} characters`,
    }),
  );

/**
 * The V1 POST and PUT body. Types are as lenient as V1 clients send them; the values are checked and coerced by
 * `readV1LocationBody`. Keys outside this list are ignored.
 */
export const LocationWriteV1 = Type.Object(
  {
    name: Type.Union([Type.String(), Type.Number()], {
      description: `Required and nonempty, on PUT too; at most ${V1_TEXT_LIMITS.name} characters`,
      examples: ['Downtown Store'],
    }),
    address: optionalText('address', 'Full address; null or "" regenerates it from the components'),
    display_address: optionalText('display_address', 'Shown to visitors; null or "" makes it follow `address`'),
    ...keyed(ADDRESS_COMPONENTS, (key) => optionalText(key, 'Address component; null or "" clears it')),
    phone: optionalText('phone', 'null or "" clears it'),
    email: optionalText('email', 'An email address; null or "" clears it'),
    url: optionalText('url', 'null or "" clears it'),
    lat: Type.Optional(
      Type.Union([Type.Number(), Type.String(), Type.Null()], {
        description:
          'Latitude -90 to 90 (a numeric string is accepted). Missing or 0 (with lng): the address is geocoded.',
        examples: [30.2672, '30.2672'],
      }),
    ),
    lng: Type.Optional(
      Type.Union([Type.Number(), Type.String(), Type.Null()], {
        description: 'Longitude -180 to 180 (a numeric string is accepted)',
        examples: [-97.7431],
      }),
    ),
    visible: Type.Optional(
      Type.Union([Type.Boolean(), Type.Number(), Type.String(), Type.Null()], {
        description: '`true`/`false`, `1`/`0`, `"1"`/`"0"` or `"true"`/`"false"`; null leaves it as it is',
        examples: [true, 1, '0'],
      }),
    ),
    location_type: Type.Optional(
      Type.Unknown({
        description:
          'Name of a configured location type (an object with a `name`, as reads return it, is accepted). Omitted, null or a name matching no type selects the project default; sending the current name keeps it.',
        examples: ['Store'],
      }),
    ),
    ...keyed(SOCIAL_FIELDS, (key) => optionalText(key, 'Profile handle or profile URL; null or "" clears it')),
    ...keyed(V1_IGNORED_FIELDS, () =>
      Type.Optional(Type.Unknown({ description: 'Not writable in V1; ignored (manage it in the dashboard or V2)' })),
    ),
  },
  { additionalProperties: true, description: 'Unknown keys are ignored.' },
);
export type LocationWriteV1 = Static<typeof LocationWriteV1>;

// ---------- Paths and query ----------

export const LocationParamsV1 = Type.Object({
  id: Type.String({ description: 'Numeric V1 location ID', examples: ['42'] }),
});

const QueryValue = (description: string) =>
  Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())], { description }));

export const LocationListQueryV1 = Type.Object(
  {
    page: QueryValue('Page number, default 1; anything but a positive integer reads as 1'),
    limit: QueryValue(
      `Page size 1 to ${V1_MAX_LIMIT}, default ${V1_DEFAULT_LIMIT}; above ${V1_MAX_LIMIT}, below 1 or not an integer it falls back to ${V1_DEFAULT_LIMIT}`,
    ),
  },
  { additionalProperties: true },
);
export type LocationListQueryV1 = Static<typeof LocationListQueryV1>;

export const V1_LOCATIONS_TAG = 'V1 locations (legacy)';
