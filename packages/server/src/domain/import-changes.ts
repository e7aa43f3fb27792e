import { findByName, findCallToAction, findMarker, type ProjectCatalog } from './catalog.ts';
import { type HoursInput, parseHoursInput, WEEKDAYS, type WeeklyHours } from './hours.ts';
import { OPTIONAL_TEXT_FIELDS, type OptionalTextField } from './location-fields.ts';
import type { CurrentLocation, LocationInput } from './location-input.ts';
import { parseSpecialHours, type SpecialHoursInput } from './special-hours.ts';
import { parseTimeZone } from './time-zones.ts';

/** A saved location as an import compares a row with it: its columns and what is attached, by catalog ID. */
export interface StoredLocation extends CurrentLocation, Record<OptionalTextField, string | null> {
  name: string;
  external_id: string | null;
  visible: number;
  cover_image_url: string | null;
  cover_image_name: string | null;
  /** `manual` when a user set the coordinates; otherwise they come from geocoding (or are still missing). */
  geocoding_status: string;
  time_zone: string | null;
  /** The special hours as saved: their JSON, or null for none. */
  special_hours: string | null;
  filterIds: ReadonlySet<number>;
  fieldValues: ReadonlyMap<number, string>;
  callToActionValues: ReadonlyMap<number, string>;
}

const blankToNull = (value: string | null | undefined): string | null =>
  value === null || value === undefined || value.trim() === '' ? null : value.trim();
const isUrl = (text: string) => /^https?:\/\/\S+$/i.test(text.trim());

/** A week with no known day is no schedule: the same to a visitor, and the same to an import. */
function knownDays(hours: WeeklyHours | null): WeeklyHours | null {
  return hours && WEEKDAYS.some((day) => hours[day] !== null) ? hours : null;
}

function sameHours(given: HoursInput | null, stored: WeeklyHours | null): boolean {
  if (given === null) return knownDays(stored) === null;
  // A file written by an export holds the days exactly as saved: equal text needs no parsing.
  if (Object.entries(given).every(([day, hours]) => (stored?.[day as keyof WeeklyHours] ?? null) === hours))
    return true;
  const { days, errors } = parseHoursInput(given, { requireAllDays: false });
  if (Object.keys(errors).length > 0) return false;
  return Object.entries(days).every(([day, hours]) => (stored?.[day as keyof WeeklyHours] ?? null) === hours);
}

function sameSpecialHours(given: readonly SpecialHoursInput[], stored: string | null): boolean {
  const parsed = parseSpecialHours(given);
  if ('errors' in parsed) return false;
  return (parsed.items.length > 0 ? JSON.stringify(parsed.items) : null) === stored;
}

function sameCover(given: string | null, stored: StoredLocation, catalog: ProjectCatalog): boolean {
  const text = blankToNull(given);
  if (text === null) return stored.cover_image_url === null;
  if (isUrl(text)) return text === stored.cover_image_url;
  const image = findByName(catalog.images, text);
  return image !== undefined && image.url === stored.cover_image_url && image.name === stored.cover_image_name;
}

/**
 * The entries of a merge (fields, calls to action) whose value differs from the saved one; unknown names stay, for the
 * plan to refuse.
 */
function changedEntries(
  given: Record<string, string | null>,
  stored: ReadonlyMap<number, string>,
  lookup: (name: string) => number | undefined,
): Record<string, string | null> | undefined {
  const changed = Object.entries(given).filter(([name, value]) => {
    const id = lookup(name);
    return id === undefined || blankToNull(value) !== (stored.get(id) ?? null);
  });
  return changed.length > 0 ? Object.fromEntries(changed) : undefined;
}

function sameSet(a: ReadonlySet<number>, b: readonly number[]): boolean {
  const given = new Set(b);
  return given.size === a.size && [...given].every((id) => a.has(id));
}

/**
 * The part of an import row that would change the saved location; an empty object when the row equals it, so the
 * location is `unchanged` and not written at all (its `updated_at` stays). Values are compared as a write would save
 * them: text trimmed, names of types, markers, filters, fields and calls to action by what they resolve to, hours
 * normalised. Empty coordinates equal a pin that geocoding found (or is still to find), so a file without
 * coordinates imports again unchanged; they differ only from a pin a user set. A value the write would refuse (an
 * unknown filter) is kept, so that planning the write reports it.
 */
export function changesOf(input: LocationInput, stored: StoredLocation, catalog: ProjectCatalog): LocationInput {
  const changes: Record<string, unknown> = {};
  const typeId = (name: string) => findByName(catalog.types, name)?.id;
  for (const [key, value] of Object.entries(input) as [keyof LocationInput, unknown][]) {
    if (value === undefined) continue;
    let same: boolean;
    if (key === 'name') same = typeof value === 'string' && value.trim() === stored.name;
    else if (key === 'external_id' || (OPTIONAL_TEXT_FIELDS as readonly string[]).includes(key)) {
      same = blankToNull(value as string | null) === stored[key as OptionalTextField | 'external_id'];
    } else if (key === 'address' || key === 'display_address') {
      const text = blankToNull(value as string | null);
      const generated = key === 'address' ? stored.address_generated : stored.display_address_generated;
      same = text === stored[key] || (text === null && generated === 1);
    } else if (key === 'lat' || key === 'lng')
      same = value === stored[key] || (value === null && stored.geocoding_status !== 'manual');
    else if (key === 'visible') same = (value ? 1 : 0) === stored.visible;
    else if (key === 'location_type') {
      const text = blankToNull(value as string | null);
      same =
        text === null
          ? stored.location_type_id === null
          : typeId(text) === stored.location_type_id && typeId(text) !== undefined;
    } else if (key === 'marker') {
      const text = blankToNull(value as string | null);
      const marker = text === null ? undefined : findMarker(catalog, text);
      same = text === null ? stored.marker_id === null : marker !== undefined && marker.id === stored.marker_id;
    } else if (key === 'cover') same = sameCover(value as string | null, stored, catalog);
    else if (key === 'time_zone') {
      const text = blankToNull(value as string | null);
      const parsed = text === null ? undefined : parseTimeZone(text);
      same =
        parsed === undefined ? stored.time_zone_manual === 0 : 'value' in parsed && parsed.value === stored.time_zone;
    } else if (key === 'hours')
      same =
        Object.keys(value ?? {}).length === 0 && value !== null
          ? true
          : sameHours(value as HoursInput | null, stored.hours);
    else if (key === 'special_hours') same = sameSpecialHours(value as SpecialHoursInput[], stored.special_hours);
    else if (key === 'filters') {
      const ids = (value as string[]).map((name) => findByName(catalog.filters, name)?.id);
      same = ids.every((id) => id !== undefined) && sameSet(stored.filterIds, ids as number[]);
    } else if (key === 'fields' || key === 'callsToAction') {
      const lookup =
        key === 'fields'
          ? (name: string) => findByName(catalog.fields, name)?.id
          : (title: string) => findCallToAction(catalog, title)?.id;
      const entries = changedEntries(
        value as Record<string, string | null>,
        key === 'fields' ? stored.fieldValues : stored.callToActionValues,
        lookup,
      );
      if (entries) changes[key] = entries;
      continue;
    } else same = false;
    if (!same) changes[key] = value;
  }
  return changes as LocationInput;
}
