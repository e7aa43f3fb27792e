import { WEEKDAYS, type WeeklyHours } from './hours.ts';
import { ADDRESS_COMPONENTS, CONTACT_FIELDS, type OptionalTextField, SOCIAL_FIELDS } from './location-fields.ts';
import type { SpecialHours } from './special-hours.ts';
import { formatSpecialHoursText } from './special-hours-text.ts';

/** A location as an export writes it: every value an import reads, by the names it reads them. */
export interface ExportedLocation extends Record<OptionalTextField, string | null> {
  id: string;
  external_id: string | null;
  name: string;
  address: string;
  display_address: string;
  lat: number | null;
  lng: number | null;
  visible: boolean;
  location_type: string | null;
  marker: string | null;
  /** The cover image's URL. */
  cover: string | null;
  time_zone: string | null;
  hours: WeeklyHours | null;
  special_hours: SpecialHours[];
  filters: string[];
  /** Custom field name -> value, for the fields the location has. */
  fields: Record<string, string>;
  /** Call-to-action title -> value, for those the location has. */
  callsToAction: Record<string, string>;
}

/** The names of what the project configured, whose columns every exported row has. */
export interface ExportCatalog {
  fields: readonly string[];
  callsToAction: readonly string[];
}

/**
 * The columns before the weekdays, in the order a spreadsheet reads well: keys, name, address, contacts, pin, settings.
 */
const LEADING_COLUMNS = [
  'external_id',
  'id',
  'name',
  ...ADDRESS_COMPONENTS,
  'address',
  'display_address',
  ...CONTACT_FIELDS,
  'lat',
  'lng',
  'visible',
  'location_type',
  'marker',
  'cover',
  'time_zone',
] as const;

/**
 * The header of a spreadsheet export (CSV, XLSX): the V2 input names the import reads, the weekdays, special hours,
 * filters, the social profiles, then a `field:<name>` column per custom field and a `cta:<title>` column per call to
 * action the project configured.
 */
export function exportHeader(catalog: ExportCatalog): string[] {
  return [
    ...LEADING_COLUMNS,
    ...WEEKDAYS,
    'special_hours',
    'filters',
    ...SOCIAL_FIELDS,
    ...catalog.fields.map((name) => `field:${name}`),
    ...catalog.callsToAction.map((title) => `cta:${title}`),
  ];
}

/**
 * A location's cells under `exportHeader`: text as saved, coordinates as numbers, `visible` as true or false,
 * missing values empty, filters joined by `|`, special hours in the cell syntax of `formatSpecialHoursText`.
 */
export function exportCells(location: ExportedLocation, catalog: ExportCatalog): (string | number)[] {
  return [
    ...LEADING_COLUMNS.map((column) => {
      const value = location[column];
      return value === null ? '' : typeof value === 'boolean' ? String(value) : value;
    }),
    ...WEEKDAYS.map((day) => location.hours?.[day] ?? ''),
    formatSpecialHoursText(location.special_hours),
    location.filters.join('|'),
    ...SOCIAL_FIELDS.map((field) => location[field] ?? ''),
    ...catalog.fields.map((name) => location.fields[name] ?? ''),
    ...catalog.callsToAction.map((title) => location.callsToAction[title] ?? ''),
  ];
}

/**
 * A location as a JSON row (NDJSON, or a GeoJSON feature's properties without `lat` and `lng`): a V2 write body with
 * `id`, in which every key is present (null where empty) so that importing it sets exactly what was exported.
 */
export function exportObject(
  location: ExportedLocation,
  { withCoordinates }: { withCoordinates: boolean },
): Record<string, unknown> {
  const { lat, lng, special_hours, filters, fields, callsToAction, hours, ...rest } = location;
  return {
    ...Object.fromEntries(
      LEADING_COLUMNS.filter((key) => withCoordinates || (key !== 'lat' && key !== 'lng')).map((key) => [
        key,
        key === 'lat' ? lat : key === 'lng' ? lng : rest[key],
      ]),
    ),
    ...Object.fromEntries(SOCIAL_FIELDS.map((field) => [field, location[field]])),
    hours,
    special_hours,
    filters,
    fields,
    callsToAction,
  };
}
