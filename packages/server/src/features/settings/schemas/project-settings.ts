import { type Static, type TSchema, Type } from 'typebox';
import { SETTING_NAME_MAX_LENGTH } from '../../../domain/setting-names.ts';

// What a project configures for its locations: location types, markers, filters, custom fields and calls to action.
// Output shapes are reused by the location endpoints; create bodies carry defaults, patch bodies never do
// (a default in a patch schema would overwrite the saved value of every omitted key).

const nullable = <T extends TSchema>(schema: T, description: string) =>
  Type.Union([schema, Type.Null()], { description });

const publicId = (what: string, example: string) =>
  Type.String({ description: `Public ID of the ${what}`, examples: [example] });

const settingName = (what: string, examples: string[]) =>
  Type.String({
    minLength: 1,
    maxLength: SETTING_NAME_MAX_LENGTH,
    description: `Unique among the project's ${what}, ignoring case; surrounding spaces are trimmed`,
    examples,
  });

const strict = (description: string) => ({ additionalProperties: false, description });

const position = Type.Integer({
  minimum: 0,
  description:
    "Where the item stands in the project's order of its kind, 0 first: lists, the store finder's filters and the dashboard follow it. New items go last.",
  examples: [0],
});
const move = Type.Integer({
  minimum: 0,
  maximum: 10000,
  description:
    'Moves the item to this place in the order (0 first; past the end is last), the others moving up or down one; each moved item has its own `updated` event',
  examples: [0],
});

/** The number of locations that use an item, in list answers only (the dashboard shows it before a deletion). */
export const LocationsCount = Type.Integer({
  minimum: 0,
  description:
    "How many of the project's locations use it (have this type, marker, filter, field value or call to action)",
  examples: [12],
});

// ---------- Location types ----------

const typeName = settingName('location types', ['Outlet']);
const typePriority = Type.Integer({
  minimum: -2147483648,
  maximum: 2147483647,
  description: 'Ordering weight; store-locator front ends decide how they sort by it',
  examples: [10],
});
const typeDefault = Type.Boolean({
  description: 'The type new locations get when none is given; setting it clears the former default',
});
const typeLabel = Type.Boolean({ description: 'Whether front ends show the type as a label on the location' });

export const LocationTypeBody = Type.Object(
  {
    id: publicId('location type', 'lty_3kTq9ZbW0xYc2LmN'),
    name: typeName,
    priority: typePriority,
    default: typeDefault,
    label: typeLabel,
    position,
  },
  { description: 'A location type' },
);
export const LocationTypeCreateBody = Type.Object(
  {
    name: typeName,
    priority: Type.Optional(Type.With(typePriority, { default: 0 })),
    default: Type.Optional(Type.With(typeDefault, { default: false })),
    label: Type.Optional(Type.With(typeLabel, { default: false })),
  },
  strict('A new location type'),
);
export const LocationTypePatchBody = Type.Object(
  {
    name: Type.Optional(typeName),
    priority: Type.Optional(typePriority),
    default: Type.Optional(typeDefault),
    label: Type.Optional(typeLabel),
    position: Type.Optional(move),
  },
  strict('Changes to a location type; omitted keys keep their values'),
);

// ---------- Markers ----------

const markerName = settingName('markers', ['Flagship']);
const markerColor = nullable(
  Type.String({ pattern: '^#[0-9a-fA-F]{6}$', examples: ['#e4572e'] }),
  'Pin colour as `#rrggbb` (saved in lower case), or null',
);
const markerIcon = nullable(
  Type.String({
    format: 'uri',
    pattern: '^https?://',
    maxLength: 2048,
    examples: ['https://cdn.example.com/pins/flagship.png'],
  }),
  'http(s) URL of the pin image, or null',
);
const markerDefault = Type.Boolean({
  description: 'The marker new locations get when none is given; setting it clears the former default',
});

export const MarkerBody = Type.Object(
  {
    id: publicId('marker', 'mrk_8Hq2LmZ0aB3xYc7D'),
    name: markerName,
    color: markerColor,
    icon_url: markerIcon,
    default: markerDefault,
    position,
  },
  { description: 'A map marker' },
);
export const MarkerCreateBody = Type.Object(
  {
    name: markerName,
    color: Type.Optional(markerColor),
    icon_url: Type.Optional(markerIcon),
    default: Type.Optional(Type.With(markerDefault, { default: false })),
  },
  strict('A new marker; omitted color and icon_url are null'),
);
export const MarkerPatchBody = Type.Object(
  {
    name: Type.Optional(markerName),
    color: Type.Optional(markerColor),
    icon_url: Type.Optional(markerIcon),
    default: Type.Optional(markerDefault),
    position: Type.Optional(move),
  },
  strict('Changes to a marker; omitted keys keep their values, null clears color or icon_url'),
);

// ---------- Filters, custom fields, calls to action: a name (or title) only ----------

const filterName = settingName('filters', ['Wheelchair access']);
export const FilterBody = Type.Object(
  { id: publicId('filter', 'flt_Qw3rTy8uIo1pAs2D'), name: filterName, position },
  { description: 'A filter' },
);
export const FilterCreateBody = Type.Object({ name: filterName }, strict('A new filter'));
export const FilterPatchBody = Type.Object(
  { name: Type.Optional(filterName), position: Type.Optional(move) },
  strict('A filter rename or move'),
);

const fieldName = settingName('custom fields', ['Manager']);
export const FieldBody = Type.Object(
  { id: publicId('custom field', 'fld_Zx9cVb8nM7aS6dF5'), name: fieldName, position },
  { description: 'A custom field' },
);
export const FieldCreateBody = Type.Object({ name: fieldName }, strict('A new custom field'));
export const FieldPatchBody = Type.Object(
  { name: Type.Optional(fieldName), position: Type.Optional(move) },
  strict('A custom field rename or move'),
);

const callToActionTitle = settingName('calls to action', ['Order online']);
export const CallToActionBody = Type.Object(
  { id: publicId('call to action', 'cta_Lk4jH5gF6dS7aQ8w'), title: callToActionTitle, position },
  { description: 'A call to action (a button on the location, its link set per location)' },
);
export const CallToActionCreateBody = Type.Object({ title: callToActionTitle }, strict('A new call to action'));
export const CallToActionPatchBody = Type.Object(
  { title: Type.Optional(callToActionTitle), position: Type.Optional(move) },
  strict('A call to action rename or move'),
);

export type LocationTypeBody = Static<typeof LocationTypeBody>;
export type LocationTypeCreateBody = Static<typeof LocationTypeCreateBody>;
export type LocationTypePatchBody = Static<typeof LocationTypePatchBody>;
export type MarkerBody = Static<typeof MarkerBody>;
export type MarkerCreateBody = Static<typeof MarkerCreateBody>;
export type MarkerPatchBody = Static<typeof MarkerPatchBody>;
export type FilterBody = Static<typeof FilterBody>;
export type FilterCreateBody = Static<typeof FilterCreateBody>;
export type FilterPatchBody = Static<typeof FilterPatchBody>;
export type FieldBody = Static<typeof FieldBody>;
export type FieldCreateBody = Static<typeof FieldCreateBody>;
export type FieldPatchBody = Static<typeof FieldPatchBody>;
export type CallToActionBody = Static<typeof CallToActionBody>;
export type CallToActionCreateBody = Static<typeof CallToActionCreateBody>;
export type CallToActionPatchBody = Static<typeof CallToActionPatchBody>;
