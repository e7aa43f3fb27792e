import type { Weekday } from './hours.ts';
import { OPTIONAL_TEXT_FIELDS, type OptionalTextField } from './location-fields.ts';

/** A text input of a location that a column sets as it is (after trimming; an empty cell is null). */
export type TextColumn =
  | OptionalTextField
  | 'name'
  | 'external_id'
  | 'address'
  | 'display_address'
  | 'location_type'
  | 'marker'
  | 'cover'
  | 'time_zone';

/** What a column (or a key of a JSON row) of an import file sets. */
export type ImportColumn =
  | { kind: 'id' }
  | { kind: 'text'; field: TextColumn }
  | { kind: 'coordinate'; field: 'lat' | 'lng' }
  | { kind: 'visible' }
  | { kind: 'day'; day: Weekday }
  | { kind: 'hours' }
  | { kind: 'special_hours' }
  | { kind: 'filters' }
  | { kind: 'fields' }
  | { kind: 'callsToAction' }
  | { kind: 'field'; name: string }
  | { kind: 'callToAction'; title: string }
  /**
   * A key of a V2 GET body that no write takes (`slug`, `created_at`, ...): skipped without a word, as V2 bodies skip
   * it.
   */
  | { kind: 'readOnly' }
  | { kind: 'unknown' };

/**
 * A header as it is matched: lower case, without spaces, underscores, hyphens or dots, so `Address Line 1`,
 * `address_line_1` and `ADDRESS-LINE-1` are one column.
 * @example headerKey(' Postal Code ') // "postalcode"
 */
export function headerKey(header: string): string {
  return header.toLowerCase().replace(/[\s_.-]+/g, '');
}

const text = (field: TextColumn): ImportColumn => ({ kind: 'text', field });

/** The V2 input names and the names spreadsheets and other store locators commonly use for them, by `headerKey`. */
const NAMED_COLUMNS = new Map<string, ImportColumn>([
  ['id', { kind: 'id' }],
  // Google Business Profile's bulk sheets key each location by its "Store code".
  ...['externalid', 'storecode', 'storeid', 'storenumber', 'storeno'].map((key): [string, ImportColumn] => [
    key,
    text('external_id'),
  ]),
  ...['name', 'storename', 'locationname', 'businessname'].map((key): [string, ImportColumn] => [key, text('name')]),
  ...['address', 'fulladdress'].map((key): [string, ImportColumn] => [key, text('address')]),
  ['displayaddress', text('display_address')],
  ...['addressline1', 'address1', 'street', 'streetaddress', 'addressline'].map((key): [string, ImportColumn] => [
    key,
    text('address_line_1'),
  ]),
  ...['addressline2', 'address2', 'suite', 'unit'].map((key): [string, ImportColumn] => [key, text('address_line_2')]),
  ...['city', 'town', 'locality'].map((key): [string, ImportColumn] => [key, text('city')]),
  ...['state', 'province', 'region', 'stateprovince', 'stateorprovince', 'administrativearea'].map(
    (key): [string, ImportColumn] => [key, text('state')],
  ),
  ...['postcode', 'zip', 'zipcode', 'postalcode', 'postal'].map((key): [string, ImportColumn] => [
    key,
    text('postcode'),
  ]),
  ...['country', 'countrycode', 'countryregion'].map((key): [string, ImportColumn] => [key, text('country')]),
  ...['phone', 'phonenumber', 'telephone', 'tel', 'primaryphone'].map((key): [string, ImportColumn] => [
    key,
    text('phone'),
  ]),
  ...['email', 'emailaddress'].map((key): [string, ImportColumn] => [key, text('email')]),
  ...['url', 'website', 'websiteurl', 'web', 'homepage'].map((key): [string, ImportColumn] => [key, text('url')]),
  ...['lat', 'latitude'].map((key): [string, ImportColumn] => [key, { kind: 'coordinate', field: 'lat' }]),
  ...['lng', 'lon', 'long', 'longitude'].map((key): [string, ImportColumn] => [
    key,
    { kind: 'coordinate', field: 'lng' },
  ]),
  ['visible', { kind: 'visible' }],
  ...['locationtype', 'type', 'storetype'].map((key): [string, ImportColumn] => [key, text('location_type')]),
  ['marker', text('marker')],
  ...['cover', 'coverimage', 'coverimageurl', 'image', 'imageurl'].map((key): [string, ImportColumn] => [
    key,
    text('cover'),
  ]),
  ...['timezone', 'tz'].map((key): [string, ImportColumn] => [key, text('time_zone')]),
  ...['hours', 'openinghours'].map((key): [string, ImportColumn] => [key, { kind: 'hours' }]),
  ...['specialhours', 'holidayhours'].map((key): [string, ImportColumn] => [key, { kind: 'special_hours' }]),
  ...['filters', 'tags'].map((key): [string, ImportColumn] => [key, { kind: 'filters' }]),
  ['fields', { kind: 'fields' }],
  ...['callstoaction', 'buttons'].map((key): [string, ImportColumn] => [key, { kind: 'callsToAction' }]),
  ...OPTIONAL_TEXT_FIELDS.filter((field) => !field.startsWith('address')).map((field): [string, ImportColumn] => [
    headerKey(field),
    text(field),
  ]),
  ...['slug', 'createdat', 'updatedat', 'geocoding', 'status'].map((key): [string, ImportColumn] => [
    key,
    { kind: 'readOnly' },
  ]),
]);

const DAY_NAMES: readonly [Weekday, string][] = [
  ['mon', 'monday'],
  ['tue', 'tuesday'],
  ['wed', 'wednesday'],
  ['thu', 'thursday'],
  ['fri', 'friday'],
  ['sat', 'saturday'],
  ['sun', 'sunday'],
];
for (const [day, full] of DAY_NAMES)
  for (const key of [day, full, `${day}hours`, `${full}hours`]) NAMED_COLUMNS.set(key, { kind: 'day', day });

const FIELD_PREFIX = /^\s*(?:field|custom\s*field)\s*:\s*(.*\S)\s*$/i;
const CTA_PREFIX = /^\s*(?:cta|call\s*to\s*action)\s*:\s*(.*\S)\s*$/i;

/**
 * What a header names: a V2 input name or a common alias (matched ignoring case and spacing), a weekday (`mon`..`sun`,
 * `monday`..`sunday`), `field:<name>` or `cta:<title>`; anything else is unknown.
 * @example columnOf('Zip') // { kind: 'text', field: 'postcode' }
 * @example columnOf('field: Store manager') // { kind: 'field', name: 'Store manager' }
 */
export function columnOf(header: string): ImportColumn {
  const field = FIELD_PREFIX.exec(header);
  if (field?.[1]) return { kind: 'field', name: field[1] };
  const cta = CTA_PREFIX.exec(header);
  if (cta?.[1]) return { kind: 'callToAction', title: cta[1] };
  return NAMED_COLUMNS.get(headerKey(header)) ?? { kind: 'unknown' };
}

/**
 * The name a column is sent as to set what `column` sets: the V2 input name (`city`), a weekday (`mon`), `id`,
 * `field:<name>`, `cta:<title>`; null for a column that sets nothing.
 * @example columnNameOf(columnOf('Zip')) // "postcode"
 */
export function columnNameOf(column: ImportColumn): string | null {
  switch (column.kind) {
    case 'id':
    case 'visible':
    case 'hours':
    case 'special_hours':
    case 'filters':
    case 'fields':
    case 'callsToAction':
      return column.kind;
    case 'text':
    case 'coordinate':
      return column.field;
    case 'day':
      return column.day;
    case 'field':
      return `field:${column.name}`;
    case 'callToAction':
      return `cta:${column.title}`;
    default:
      return null;
  }
}

/** Every name a column can be mapped to (besides `field:<name>` and `cta:<title>`), in a form's order. */
export const COLUMN_NAMES: readonly string[] = [
  ...new Set([...NAMED_COLUMNS.values()].flatMap((column) => columnNameOf(column) ?? [])),
];

/**
 * A column mapping: a header as the file names it, to the name of what it sets (`Town` → `city`), or null to skip the
 * column. Headers it does not name are read as `columnOf` reads them.
 */
export type ColumnMap = Readonly<Record<string, string | null>>;

/**
 * What a header sets under a mapping: the mapped name's column (a header mapped to null sets nothing and is not
 * reported unknown), else what the header itself names.
 * @example mappedColumnOf('Town', { Town: 'city' }) // { kind: 'text', field: 'city' }
 */
export function mappedColumnOf(header: string, map: ColumnMap | undefined): ImportColumn {
  if (map && Object.hasOwn(map, header)) {
    const target = map[header];
    return target === null || target === undefined ? { kind: 'readOnly' } : columnOf(target);
  }
  return columnOf(header);
}

/** The mapping's errors by header: a name no column sets. Empty when every target is one the import reads. */
export function columnMapErrors(map: ColumnMap): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const [header, target] of Object.entries(map)) {
    if (target === null) continue;
    const kind = columnOf(target).kind;
    if (kind === 'unknown' || kind === 'readOnly')
      errors[header] = [`maps to "${target}", which no column sets; use an input name such as city, or null to skip`];
  }
  return errors;
}
