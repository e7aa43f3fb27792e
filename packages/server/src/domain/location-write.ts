import { type AddressComponents, type AddressState, resolveAddress } from './address.ts';
import {
  configuredList,
  defaultMarkerId,
  defaultTypeId,
  findByName,
  findCallToAction,
  findMarker,
  type ProjectCatalog,
} from './catalog.ts';
import { addFieldError, type FieldErrors } from './errors.ts';
import { mergeHours, parseHoursInput } from './hours.ts';
import { linkTargetRefusal } from './link-targets.ts';
import { ADDRESS_COMPONENTS, OPTIONAL_TEXT_FIELDS } from './location-fields.ts';
import type {
  CurrentLocation,
  HoursChange,
  LocationColumns,
  LocationInput,
  LocationWritePlan,
  ValuesChange,
  WriteMode,
  WritePolicy,
} from './location-input.ts';
import { needsDefaultCountry, phoneE164Of } from './phone.ts';
import { parseSpecialHours } from './special-hours.ts';
import { parseTimeZone, timeZoneAt } from './time-zones.ts';

const emptyToNull = (value: string | null | undefined): string | null | undefined =>
  value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim();

const isMissingCoordinate = (value: number | null | undefined) => value === null || value === undefined || value === 0;

/**
 * Works out everything a create, PUT or PATCH changes, or the field errors that stop it.
 * Pure: the caller loads `current` and `catalog` and writes the plan in one transaction.
 */
export function planLocationWrite(
  mode: WriteMode,
  current: CurrentLocation | undefined,
  input: LocationInput,
  catalog: ProjectCatalog,
  policy: WritePolicy = { legacyLocationType: false },
): { plan: LocationWritePlan } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const addError = (field: string, message: string) => addFieldError(errors, field, message);
  const columns: LocationColumns = {};

  if (input.name !== undefined) columns.name = input.name.trim();
  const externalId = emptyToNull(input.external_id);
  if (externalId !== undefined) columns.external_id = externalId;
  for (const key of OPTIONAL_TEXT_FIELDS) {
    const value = emptyToNull(input[key]);
    if (value !== undefined) columns[key] = value;
  }
  if (input.lat !== undefined) columns.lat = input.lat;
  if (input.lng !== undefined) columns.lng = input.lng;
  if (input.visible !== undefined) columns.visible = input.visible ? 1 : 0;
  else if (mode === 'create') columns.visible = 1;

  const touchesAddress =
    mode !== 'patch' ||
    input.address !== undefined ||
    input.display_address !== undefined ||
    ADDRESS_COMPONENTS.some((key) => input[key] !== undefined);
  if (touchesAddress) {
    const components = Object.fromEntries(
      ADDRESS_COMPONENTS.map((key) => [key, columns[key] !== undefined ? columns[key] : (current?.[key] ?? null)]),
    ) as unknown as AddressComponents;
    const state: AddressState | undefined = current && {
      address: current.address,
      addressGenerated: current.address_generated === 1,
      displayAddress: current.display_address,
      displayAddressGenerated: current.display_address_generated === 1,
    };
    const resolved = resolveAddress(state, components, {
      ...(input.address !== undefined ? { address: input.address } : {}),
      ...(input.display_address !== undefined ? { display_address: input.display_address } : {}),
    });
    columns.address = resolved.address;
    columns.address_generated = resolved.addressGenerated ? 1 : 0;
    columns.display_address = resolved.displayAddress;
    columns.display_address_generated = resolved.displayAddressGenerated ? 1 : 0;
  }

  const phone = policy.reportOnly ? undefined : phoneAfter(mode, current, input);
  if (phone)
    columns.phone_e164 = phoneE164Of(phone.phone, { ...phone, defaultCountry: catalog.defaultCountry ?? null });

  planLocationType(mode, input, catalog, policy, columns, addError);
  planMarker(mode, input, catalog, policy, columns, addError);
  planCover(input, catalog, columns, addError);

  const hours = planHours(mode, current, input, errors);
  planSpecialHours(input, columns, errors);
  const filters = planFilters(input, catalog, addError);
  const fields = planValues(
    mode,
    input.fields,
    'fields',
    'custom fields',
    (name) => findByName(catalog.fields, name)?.id,
    catalog.fields.map((f) => f.name),
    addError,
  );
  const callsToAction = planValues(
    mode,
    input.callsToAction,
    'callsToAction',
    'calls to action',
    (title) => findCallToAction(catalog, title)?.id,
    catalog.callsToAction.map((cta) => cta.title),
    addError,
    linkTargetRefusal,
  );

  const lat = columns.lat !== undefined ? columns.lat : current?.lat;
  const lng = columns.lng !== undefined ? columns.lng : current?.lng;
  planTimeZone(current, input, lat, lng, columns, addError);
  if (Object.keys(errors).length > 0) return { errors };
  const needsGeocoding = isMissingCoordinate(lat) || isMissingCoordinate(lng);
  // Coordinates a user sends win over any geocoding; missing ones are (re)geocoded from the address.
  if (needsGeocoding) Object.assign(columns, { geocoding_status: 'pending', geocoding_precision: null });
  else if (input.lat !== undefined || input.lng !== undefined)
    Object.assign(columns, { geocoding_status: 'manual', geocoding_precision: null });
  return { plan: { columns, hours, filters, fields, callsToAction, needsGeocoding } };
}

/**
 * The phone number and country a write leaves, when it may change how the number reads (a create or PUT, or a
 * PATCH of either); undefined when it leaves both.
 */
function phoneAfter(
  mode: WriteMode,
  current: CurrentLocation | undefined,
  input: LocationInput,
): { phone: string | null; country: string | null } | undefined {
  if (mode === 'patch' && input.phone === undefined && input.country === undefined) return undefined;
  const phone = emptyToNull(input.phone);
  const country = emptyToNull(input.country);
  return {
    phone: phone !== undefined ? phone : (current?.phone ?? null),
    country: country !== undefined ? country : (current?.country ?? null),
  };
}

/** Whether planning this write needs the project's default country in its catalog (to read a phone number). */
export function writeNeedsDefaultCountry(
  mode: WriteMode,
  current: CurrentLocation | undefined,
  input: LocationInput,
): boolean {
  const phone = phoneAfter(mode, current, input);
  return phone !== undefined && needsDefaultCountry(phone.phone, phone.country);
}

function planHours(
  mode: WriteMode,
  current: CurrentLocation | undefined,
  input: LocationInput,
  errors: FieldErrors,
): HoursChange {
  const given = input.hours;
  if (given === undefined) return { kind: 'keep' };
  if (given === null) return mode === 'create' ? { kind: 'keep' } : { kind: 'remove' };
  if (Object.keys(given).length === 0) return { kind: 'keep' };
  const parsed = parseHoursInput(given, { requireAllDays: mode !== 'patch' });
  Object.assign(errors, parsed.errors);
  return { kind: 'set', hours: mergeHours(mode === 'patch' ? (current?.hours ?? null) : null, parsed.days) };
}

function planSpecialHours(input: LocationInput, columns: LocationColumns, errors: FieldErrors): void {
  if (input.special_hours === undefined) return;
  const parsed = parseSpecialHours(input.special_hours);
  if ('errors' in parsed) Object.assign(errors, parsed.errors);
  else columns.special_hours = parsed.items.length > 0 ? JSON.stringify(parsed.items) : null;
}

/**
 * A zone a user sends wins and stays when the pin moves; otherwise the zone follows the coordinates the write leaves
 * (none while they are missing); coordinates geocoded later bring their zone along.
 */
function planTimeZone(
  current: CurrentLocation | undefined,
  input: LocationInput,
  lat: number | null | undefined,
  lng: number | null | undefined,
  columns: LocationColumns,
  addError: AddError,
): void {
  // null and "" both clear a user's zone.
  const given = input.time_zone === null ? '' : input.time_zone?.trim();
  if (given) {
    const parsed = parseTimeZone(given);
    if ('error' in parsed) addError('time_zone', parsed.error);
    else Object.assign(columns, { time_zone: parsed.value, time_zone_manual: 1 });
    return;
  }
  const movesPin = input.lat !== undefined || input.lng !== undefined;
  const follows = given !== undefined || !current || (current.time_zone_manual === 0 && movesPin);
  if (follows) Object.assign(columns, { time_zone: timeZoneAt(lat, lng), time_zone_manual: 0 });
}

// What a write selects from the project's catalog (its location type, marker, cover image, filters, custom fields and
// calls to action), planned for `planLocationWrite`.

/** Adds a field error. */
type AddError = (field: string, message: string) => void;

function planLocationType(
  mode: WriteMode,
  input: LocationInput,
  catalog: ProjectCatalog,
  policy: WritePolicy,
  columns: LocationColumns,
  addError: AddError,
): void {
  const given = input.location_type;
  if (policy.legacyLocationType) {
    if (mode === 'patch' && given === undefined) return;
    const match = typeof given === 'string' ? findByName(catalog.types, given) : undefined;
    // Sending the current type's name matches it, so a nondefault type is kept.
    columns.location_type_id = match ? match.id : defaultTypeId(catalog);
    return;
  }
  if (given === undefined) {
    if (mode !== 'patch') columns.location_type_id = defaultTypeId(catalog);
    return;
  }
  if (given === null || given.trim() === '') {
    columns.location_type_id = null;
    return;
  }
  const match = findByName(catalog.types, given);
  if (match) columns.location_type_id = match.id;
  else
    addError(
      'location_type',
      `"${given}" is not a location type of this project; ${configuredList(
        'location types',
        catalog.types.map((t) => t.name),
      )}`,
    );
}

function planMarker(
  mode: WriteMode,
  input: LocationInput,
  catalog: ProjectCatalog,
  policy: WritePolicy,
  columns: LocationColumns,
  addError: AddError,
): void {
  const given = input.marker;
  if (given === undefined) {
    const resetsOmitted = mode === 'create' || (mode === 'replace' && !policy.keepMarker);
    if (resetsOmitted) columns.marker_id = defaultMarkerId(catalog);
    return;
  }
  if (given === null || given.trim() === '') {
    columns.marker_id = null;
    return;
  }
  const match = findMarker(catalog, given);
  if (match) columns.marker_id = match.id;
  else
    addError(
      'marker',
      `"${given}" is not a marker ID or name of this project; ${configuredList(
        'markers',
        catalog.markers.map((m) => m.name),
      )}`,
    );
}

function planCover(input: LocationInput, catalog: ProjectCatalog, columns: LocationColumns, addError: AddError): void {
  const given = input.cover;
  if (given === undefined) return;
  if (given === null || given.trim() === '') {
    columns.cover_image_url = null;
    columns.cover_image_name = null;
    return;
  }
  if (/^https?:\/\/\S+$/i.test(given.trim())) {
    const url = given.trim();
    const parsed = URL.canParse(url) ? new URL(url) : undefined;
    if (!parsed) {
      addError(
        'cover',
        'must be an http(s) image URL or the name of an image stored in the project; this URL cannot be read',
      );
      return;
    }
    const lastSegment = parsed.pathname.split('/').filter(Boolean).pop();
    columns.cover_image_url = url;
    columns.cover_image_name = lastSegment ? decodedOrAsWritten(lastSegment) : null;
    return;
  }
  const image = findByName(catalog.images, given);
  if (image) {
    columns.cover_image_url = image.url;
    columns.cover_image_name = image.name;
  } else {
    addError(
      'cover',
      `must be an http(s) image URL or the name of an image stored in the project; ${configuredList(
        'images',
        catalog.images.map((i) => i.name),
      )}`,
    );
  }
}

/** A URL path segment decoded, or as written when its percent-encoding is broken. */
function decodedOrAsWritten(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function planFilters(input: LocationInput, catalog: ProjectCatalog, addError: AddError): number[] | undefined {
  if (input.filters === undefined) return undefined;
  const ids = new Set<number>();
  for (const name of input.filters) {
    const match = findByName(catalog.filters, name);
    if (match) ids.add(match.id);
    else
      addError(
        'filters',
        `"${name}" is not a filter of this project; ${configuredList(
          'filters',
          catalog.filters.map((f) => f.name),
        )}`,
      );
  }
  return [...ids];
}

/** The change to a location's values by name (custom fields, calls to action); `refusalOf` judges each value set. */
function planValues(
  mode: WriteMode,
  given: Record<string, string | null> | undefined,
  key: string,
  kind: string,
  lookup: (name: string) => number | undefined,
  configured: string[],
  addError: AddError,
  refusalOf: (value: string) => string | undefined = () => undefined,
): ValuesChange {
  if (given === undefined) return { kind: 'keep' };
  const upsert = new Map<number, string>();
  const remove: number[] = [];
  for (const [name, value] of Object.entries(given)) {
    const id = lookup(name);
    if (id === undefined) {
      addError(`${key}.${name}`, `is not one of the ${kind} of this project; ${configuredList(kind, configured)}`);
      continue;
    }
    const trimmed = value?.trim() ?? '';
    const refusal = trimmed === '' ? undefined : refusalOf(trimmed);
    if (refusal) addError(`${key}.${name}`, refusal);
    else if (trimmed === '') remove.push(id);
    else upsert.set(id, trimmed);
  }
  return mode === 'patch' ? { kind: 'merge', upsert, remove } : { kind: 'replace', values: upsert };
}
