import { type Static, type TProperties, type TSchema, Type } from 'typebox';
import { type FieldErrors, InvalidInputError } from '../../../domain/errors.ts';
import { WEEKDAYS } from '../../../domain/hours.ts';
import { READ_ONLY_FIELDS, SOCIAL_FIELDS } from '../../../domain/location-fields.ts';
import type { LocationInput } from '../../../domain/location-input.ts';
import { keyed, Timestamp } from '../../../schemas/common.ts';

const nullable = <T extends TSchema>(schema: T, description?: string) =>
  Type.Union([schema, Type.Null()], description ? { description } : {});

const Text = (maxLength: number, options: { description?: string; examples?: unknown[] } = {}) =>
  Type.String({ maxLength, ...options });

// ---------- Output ----------

const DayHours = nullable(Type.String({ examples: ['09:00-17:00', '09:00-12:00,13:00-17:00', 'closed'] }));

export const HoursV2 = Type.Object(
  keyed(WEEKDAYS, () => DayHours),
  {
    description:
      'Weekly schedule: each day `HH:MM-HH:MM` ranges joined by commas (24 h; may pass midnight), `closed`, or null (unknown)',
  },
);

const DateText = (description: string) => Type.String({ format: 'date', description, examples: ['2026-12-25'] });

export const SpecialHoursV2 = Type.Union(
  [
    Type.Object({
      date: DateText('The date'),
      hours: Type.String({ examples: ['closed', '10:00-14:00'] }),
      label: nullable(Type.String()),
    }),
    Type.Object({
      from: DateText('First date'),
      to: DateText('Last date (included)'),
      hours: Type.String(),
      label: nullable(Type.String()),
    }),
  ],
  { description: 'Hours replacing the weekly ones on a date, or on every date from `from` to `to`' },
);

export const OpeningStatusV2 = Type.Object(
  {
    open_now: nullable(Type.Boolean()),
    today: nullable(Type.String({ examples: ['09:00-17:00', 'closed'] }), "The local date's hours (special or weekly)"),
    next_change: nullable(
      Type.String({ format: 'date-time', examples: ['2026-12-24T17:00:00-06:00'] }),
      "When `open_now` next changes, with the location's UTC offset; null when unknown or not within a year",
    ),
    special: nullable(Type.Object({ label: nullable(Type.String()) }), 'Set when special hours cover the local date'),
  },
  {
    description:
      "Computed in the location's time zone; every key is null when the location has no hours or no time zone. " +
      'Times are wall-clock times: a range past midnight belongs to the day it starts (Friday `18:00-02:00` is open Saturday at 01:00); ' +
      "`00:00-24:00` is open all day; special hours replace a date's weekly ranges, but the previous evening's range still runs into it; " +
      'on a daylight-saving day a range is open for the wall-clock times it names that exist that day.',
  },
);

const socialOutput = keyed(SOCIAL_FIELDS, (key) => nullable(Type.String(), `${key} profile handle or URL`));

/** The keys a location shows everyone: V2 bodies and the public store finder's. */
export const PublicLocationProperties = {
  id: Type.String({ description: 'Public location ID', examples: ['loc_4f9XkQ2mZr8TbW1c'] }),
  name: Type.String({ examples: ['Downtown Store'] }),
  slug: Type.String({ description: 'Read only', examples: ['downtown-store'] }),
  address: Type.String({
    description: 'Full address; generated from the components unless given',
    examples: ['1 Main St, Austin, TX 78701, US'],
  }),
  display_address: Type.String({ description: 'Address shown to visitors; follows `address` unless given' }),
  address_line_1: nullable(Type.String()),
  address_line_2: nullable(Type.String()),
  city: nullable(Type.String()),
  state: nullable(Type.String()),
  postcode: nullable(Type.String()),
  country: nullable(Type.String()),
  phone: nullable(Type.String()),
  email: nullable(Type.String()),
  url: nullable(Type.String()),
} satisfies TProperties;

const EXTERNAL_ID_DESCRIPTION =
  "The location's key in your own systems (a store number), unique in the project; imports match rows by it. Up to 255 characters; null when none.";

const { id: publicId, ...otherPublicProperties } = PublicLocationProperties;

export const LocationV2 = Type.Object({
  id: publicId,
  external_id: nullable(Type.String({ examples: ['STORE-0042'] }), EXTERNAL_ID_DESCRIPTION),
  ...otherPublicProperties,
  phone_valid: nullable(
    Type.Boolean(),
    "Read only. Whether `phone` reads as a phone number of the location's country (else of the project's, the country most of its locations are in); a number written with `+` and its country code is read as such. false: kept as typed, but never made a link. null: no phone.",
  ),
  lat: nullable(Type.Number({ minimum: -90, maximum: 90 })),
  lng: nullable(Type.Number({ minimum: -180, maximum: 180 })),
  visible: Type.Boolean(),
  location_type: nullable(Type.String(), 'Name of the location type'),
  marker: nullable(Type.Object({ id: Type.String(), name: Type.String() })),
  cover_image_url: nullable(Type.String()),
  ...socialOutput,
  geocoding: Type.Object(
    {
      status: Type.Union(
        [Type.Literal('pending'), Type.Literal('done'), Type.Literal('failed'), Type.Literal('manual')],
        {
          description:
            '`manual`: coordinates given by a user; `pending`: queued for geocoding; `done`: geocoded; `failed`: the address could not be geocoded',
        },
      ),
      precision: nullable(
        Type.Union(['rooftop', 'street', 'postcode', 'city', 'region'].map((precision) => Type.Literal(precision))),
        'How exact geocoded coordinates are; null unless `done`',
      ),
    },
    { description: 'Where the coordinates come from (read only)' },
  ),
  time_zone: nullable(
    Type.String({ examples: ['America/Chicago'] }),
    'IANA time zone of the opening hours: set by a user, or derived from the coordinates (null without them)',
  ),
  created_at: Timestamp,
  updated_at: Timestamp,
  hours: Type.Optional(nullable(HoursV2, 'With includeHours: the schedule, or null for a coming-soon location')),
  special_hours: Type.Optional(
    Type.Array(SpecialHoursV2, { description: 'With includeSpecialHours, and on every write answer: in date order' }),
  ),
  status: Type.Optional(OpeningStatusV2),
  filters: Type.Optional(
    Type.Array(Type.Object({ id: Type.String(), name: Type.String() }), { description: 'With includeFilters' }),
  ),
  fields: Type.Optional(
    Type.Array(Type.Object({ id: Type.String(), name: Type.String(), value: Type.String() }), {
      description: 'With includeFields',
    }),
  ),
  callsToAction: Type.Optional(
    Type.Array(Type.Object({ id: Type.String(), title: Type.String(), value: Type.String() }), {
      description: 'With includeCallsToAction',
    }),
  ),
});
export type LocationV2 = Static<typeof LocationV2>;

// ---------- Input ----------

const NAME_MAX = 255;
const HoursInputV2 = nullable(
  Type.Record(Type.String(), nullable(Type.String({ maxLength: 200 })), {
    description:
      'Days `mon`..`sun` (or `monday`..`sunday`). POST and PUT: a non-empty object names all seven days. PATCH: only the days sent change, null clears a day. `{}` keeps the schedule; null removes it.',
    examples: [
      {
        mon: '09:00-17:00',
        tue: '09:00-17:00',
        wed: '09:00-17:00',
        thu: '09:00-17:00',
        fri: '09:00-17:00',
        sat: '10:00-14:00',
        sun: 'closed',
      },
    ],
  }),
);

const optionalText = (maxLength: number, description?: string) => Type.Optional(nullable(Text(maxLength), description));

/** Writable keys shared by POST, PUT and PATCH; `name` and `city` are added per verb. */
const writableProperties = {
  external_id: optionalText(
    255,
    `${EXTERNAL_ID_DESCRIPTION} Another location of the project with the same key is 422; null or "" removes it.`,
  ),
  address: optionalText(500, 'Full address; null or "" regenerates it from the components'),
  display_address: optionalText(500, 'Shown to visitors; null or "" makes it follow `address`'),
  address_line_1: optionalText(255),
  address_line_2: optionalText(255),
  state: optionalText(255),
  postcode: optionalText(32),
  zip: optionalText(32, 'Alias of postcode'),
  postal_code: optionalText(32, 'Alias of postcode'),
  country: optionalText(100),
  phone: optionalText(50),
  email: Type.Optional(Type.Union([Type.String({ format: 'email', maxLength: 254 }), Type.Literal(''), Type.Null()])),
  url: Type.Optional(
    Type.Union([Type.String({ pattern: '^https?://[^\\s]+$', maxLength: 2048 }), Type.Literal(''), Type.Null()], {
      description: 'An http(s) URL',
    }),
  ),
  lat: Type.Optional(
    nullable(Type.Number({ minimum: -90, maximum: 90 }), 'Latitude; missing or 0 (with lng) geocodes from the address'),
  ),
  lng: Type.Optional(nullable(Type.Number({ minimum: -180, maximum: 180 }))),
  visible: Type.Optional(Type.Boolean()),
  location_type: optionalText(NAME_MAX, 'Name of a configured location type'),
  marker: Type.Optional(
    Type.Union(
      [
        Text(NAME_MAX),
        Type.Object({ id: Type.String({ maxLength: NAME_MAX }), name: Type.Optional(Type.String()) }),
        Type.Null(),
      ],
      {
        description:
          'ID or name of a configured marker (the `{id, name}` object of a GET body is taken too); null clears',
      },
    ),
  ),
  cover: optionalText(2048, 'An http(s) image URL or the name of an image stored in the project; null clears'),
  hours: Type.Optional(HoursInputV2),
  time_zone: optionalText(
    64,
    'IANA time zone (`America/Chicago`); null or "" makes it follow the coordinates again. Unless set, it is derived from the coordinates.',
  ),
  special_hours: Type.Optional(
    Type.Array(
      Type.Object(
        {
          date: Type.Optional(
            Type.String({ maxLength: 10, description: 'A date `YYYY-MM-DD`; or give `from` and `to`' }),
          ),
          from: Type.Optional(Type.String({ maxLength: 10, description: 'First date of a range `YYYY-MM-DD`' })),
          to: Type.Optional(Type.String({ maxLength: 10, description: 'Last date of a range (included)' })),
          hours: Type.String({
            maxLength: 200,
            description: 'The weekday syntax: `10:00-14:00`, several ranges joined by commas, or `closed`',
          }),
          label: Type.Optional(nullable(Text(255))),
        },
        { additionalProperties: false },
      ),
      {
        maxItems: 500,
        description:
          'Replaces the saved list (`[]` clears it; omitted keeps it). Items must not share a date. On its dates an item replaces the weekly hours.',
        examples: [
          [
            { date: '2026-12-25', hours: 'closed', label: 'Christmas Day' },
            { from: '2027-01-10', to: '2027-01-20', hours: 'closed', label: 'Renovation' },
          ],
        ],
      },
    ),
  ),
  filters: Type.Optional(
    Type.Array(Type.Union([Text(NAME_MAX), Type.Object({ id: Type.Optional(Type.String()), name: Text(NAME_MAX) })]), {
      maxItems: 500,
      description: 'Names of configured filters (or the `[{id, name}]` of a GET body); replaces the set (`[]` clears)',
    }),
  ),
  fields: Type.Optional(
    Type.Union(
      [
        Type.Record(Type.String({ maxLength: NAME_MAX }), nullable(Text(2000))),
        Type.Array(
          Type.Object({ id: Type.Optional(Type.String()), name: Text(NAME_MAX), value: nullable(Text(2000)) }),
          { maxItems: 500 },
        ),
      ],
      {
        description:
          'Custom field name -> value (or the `[{id, name, value}]` of a GET body). PATCH merges by name (null removes one); POST/PUT replace the set.',
        examples: [{ Manager: 'Ada Lovelace' }],
      },
    ),
  ),
  callsToAction: Type.Optional(
    Type.Union(
      [
        Type.Record(Type.String({ maxLength: NAME_MAX }), nullable(Text(2000))),
        Type.Array(
          Type.Object({ id: Type.Optional(Type.String()), title: Text(NAME_MAX), value: nullable(Text(2000)) }),
          { maxItems: 500 },
        ),
      ],
      {
        description:
          'Call-to-action title -> value, the link its button follows (or the `[{id, title, value}]` of a GET body): an absolute `http`, `https`, `mailto:` or `tel:` URL; any other scheme (`javascript:`, `data:`, `vbscript:`, ...) or a value that is no URL is 422. PATCH merges by title (null or "" removes one); POST/PUT replace the set.',
        examples: [{ 'Order online': 'https://example.com/order' }],
      },
    ),
  ),
  ...keyed(SOCIAL_FIELDS, () => optionalText(255, 'Profile handle or URL')),
  ...keyed(READ_ONLY_FIELDS, () => Type.Optional(Type.Unknown({ description: 'Read only; ignored' }))),
} satisfies TProperties;

export const LocationCreateV2 = Type.Object(
  {
    ...writableProperties,
    name: Type.String({ minLength: 1, maxLength: NAME_MAX, pattern: '\\S' }),
    city: Type.String({ minLength: 1, maxLength: 255, pattern: '\\S' }),
  },
  { additionalProperties: false, description: 'POST and PUT body: `name` and `city` are required' },
);
export type LocationCreateV2 = Static<typeof LocationCreateV2>;

export const LocationPatchV2 = Type.Object(
  {
    ...writableProperties,
    name: Type.Optional(Type.String({ minLength: 1, maxLength: NAME_MAX, pattern: '\\S' })),
    city: Type.Optional(Type.String({ minLength: 1, maxLength: 255, pattern: '\\S' })),
  },
  { additionalProperties: false, description: 'PATCH body: every key optional; omitted keys keep their saved values' },
);
export type LocationPatchV2 = Static<typeof LocationPatchV2>;

export const LocationParams = Type.Object({
  project_id: Type.String({ description: 'Public project ID', examples: ['prj_8Hq2LmZ0aB3xYc7D'] }),
  location_id: Type.String({
    description: 'Public location ID (a numeric V1 ID is not found)',
    examples: ['loc_4f9XkQ2mZr8TbW1c'],
  }),
});

export const LOCATIONS_TAG = 'V2 locations';

type NamedValues = Record<string, string | null> | { name?: string; title?: string; value: string | null }[];

/** The object form of fields or calls to action, from either the object or a GET body's list form. */
function valuesByName(
  values: NamedValues | undefined,
  key: 'name' | 'title',
): Record<string, string | null> | undefined {
  if (values === undefined || !Array.isArray(values)) return values;
  return Object.fromEntries(values.map((entry) => [entry[key] ?? '', entry.value]));
}

/**
 * A validated V2 body as the domain reads it: `zip` and `postal_code` folded into `postcode`
 * (422 when they disagree), read-only keys dropped, and the shapes of a GET body (`marker` object,
 * `filters`, `fields` and `callsToAction` lists) read as their input forms, so a body read can be sent back.
 */
export function locationInputFromV2<T extends LocationPatchV2>(body: T): LocationInput & Pick<T, 'name'> {
  const { zip, postal_code, marker, filters, fields, callsToAction, ...rest } = body;
  const input: Record<string, unknown> = { ...rest };
  if (marker !== undefined) input.marker = marker !== null && typeof marker === 'object' ? marker.id : marker;
  if (filters !== undefined)
    input.filters = filters.map((filter) => (typeof filter === 'string' ? filter : filter.name));
  if (fields !== undefined) input.fields = valuesByName(fields, 'name');
  if (callsToAction !== undefined) input.callsToAction = valuesByName(callsToAction, 'title');
  for (const key of READ_ONLY_FIELDS) delete input[key];
  const postcodes = (
    [
      ['postcode', body.postcode],
      ['zip', zip],
      ['postal_code', postal_code],
    ] as const
  ).filter(([, value]) => value !== undefined);
  const distinct = new Set(postcodes.map(([, value]) => value));
  if (distinct.size > 1) {
    const errors: FieldErrors = {};
    for (const [key] of postcodes.slice(1))
      errors[key] = [`disagrees with ${postcodes[0]?.[0]}: send the postcode once`];
    throw InvalidInputError.fields(errors);
  }
  if (postcodes[0]) input.postcode = postcodes[0][1];
  return input as LocationInput & Pick<T, 'name'>;
}
