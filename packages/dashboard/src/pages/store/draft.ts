import type { Location, LocationPatch } from '../../api/stores.ts';
import {
  DAYS,
  type DayKey,
  hoursOfWeek,
  type SpecialEntry,
  specialEntriesOf,
  specialHoursOf,
  textOfDay,
  type WeekHours,
  weekOf,
} from './hours.ts';

// A store as its form holds it (text as typed), made from a location of the API, and what to send: a PATCH of the
// fields that differ from the version read, or a POST of everything filled in.

export const TEXT_KEYS = [
  'name',
  'external_id',
  'address_line_1',
  'address_line_2',
  'city',
  'state',
  'postcode',
  'country',
  'address',
  'display_address',
  'phone',
  'email',
  'url',
  'facebook',
  'instagram',
  'twitter',
  'yelp',
  'youtube',
  'tiktok',
  'cover',
  'location_type',
  'marker',
  'lat',
  'lng',
  'time_zone',
] as const;
export type TextKey = (typeof TEXT_KEYS)[number];

export interface Draft {
  text: Record<TextKey, string>;
  visible: boolean;
  /** Names of the filters set, in the catalogue's order. */
  filters: string[];
  /** Custom field name -> value ('' for none). */
  fields: Record<string, string>;
  /** Call-to-action title -> link ('' for none). */
  callsToAction: Record<string, string>;
  hours: WeekHours;
  special: SpecialEntry[];
}

const textOf = (value: string | number | null | undefined): string =>
  value === null || value === undefined ? '' : String(value);

export function emptyDraft(): Draft {
  return {
    text: Object.fromEntries(TEXT_KEYS.map((key) => [key, ''])) as Record<TextKey, string>,
    visible: true,
    filters: [],
    fields: {},
    callsToAction: {},
    hours: weekOf(null),
    special: [],
  };
}

export function draftOf(location: Location): Draft {
  const text = emptyDraft().text;
  for (const key of TEXT_KEYS) {
    if (key === 'cover' || key === 'marker') continue;
    text[key] = textOf(location[key as keyof Location] as string | number | null | undefined);
  }
  text.cover = textOf(location.cover_image_url);
  text.marker = location.marker?.id ?? '';
  return {
    text,
    visible: location.visible,
    filters: (location.filters ?? []).map((filter) => filter.name),
    fields: Object.fromEntries((location.fields ?? []).map((field) => [field.name, field.value])),
    callsToAction: Object.fromEntries((location.callsToAction ?? []).map((cta) => [cta.title, cta.value])),
    hours: weekOf(location.hours),
    special: specialEntriesOf(location.special_hours),
  };
}

/** What the form can tell before sending: a coordinate that is no number. */
export type LocalErrors = Record<string, string[]>;

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().every((value, index) => value === [...b].sort()[index]);

/** A text as the API takes it: '' is null (clears); coordinates as numbers. */
function apiValueOf(key: TextKey, text: string, errors: LocalErrors, notANumber: string): unknown {
  const trimmed = text.trim();
  if (key === 'lat' || key === 'lng') {
    if (trimmed === '') return null;
    const number = Number(trimmed.replace(',', '.'));
    if (Number.isFinite(number)) return number;
    errors[key] = [notANumber];
    return undefined;
  }
  if (key === 'name' || key === 'city') return trimmed;
  return trimmed === '' ? null : trimmed;
}

/** The merged object (`fields`, `callsToAction`) of the entries that changed: a value, or null to remove one. */
function changedEntries(base: Record<string, string>, draft: Record<string, string>): Record<string, string | null> {
  const changed: Record<string, string | null> = {};
  for (const name of new Set([...Object.keys(base), ...Object.keys(draft)])) {
    const before = (base[name] ?? '').trim();
    const after = (draft[name] ?? '').trim();
    if (before !== after) changed[name] = after === '' ? null : after;
  }
  return changed;
}

/**
 * The PATCH body of what `draft` changed from `base` (the version read): only those keys, so a save never writes back
 * what someone else changed meanwhile in the fields this person left alone. Coordinates go as a pair.
 */
export function patchOf(base: Draft, draft: Draft, notANumber: string): { body: LocationPatch; errors: LocalErrors } {
  const body: Record<string, unknown> = {};
  const errors: LocalErrors = {};
  for (const key of TEXT_KEYS) {
    if (base.text[key].trim() === draft.text[key].trim()) continue;
    const value = apiValueOf(key, draft.text[key], errors, notANumber);
    if (value !== undefined) body[key] = value;
  }
  if ('lat' in body || 'lng' in body) {
    for (const key of ['lat', 'lng'] as const) {
      if (!(key in body) && !errors[key]) body[key] = apiValueOf(key, draft.text[key], errors, notANumber);
    }
  }
  if (base.visible !== draft.visible) body.visible = draft.visible;
  if (!sameList(base.filters, draft.filters)) body.filters = draft.filters;
  const fields = changedEntries(base.fields, draft.fields);
  if (Object.keys(fields).length) body.fields = fields;
  const callsToAction = changedEntries(base.callsToAction, draft.callsToAction);
  if (Object.keys(callsToAction).length) body.callsToAction = callsToAction;
  const days = DAYS.filter((day) => textOfDay(base.hours[day]) !== textOfDay(draft.hours[day]));
  if (days.length) {
    const week = hoursOfWeek(draft.hours);
    body.hours = week === null ? null : Object.fromEntries(days.map((day) => [day, week[day]]));
  }
  const special = specialHoursOf(draft.special);
  if (JSON.stringify(specialHoursOf(base.special)) !== JSON.stringify(special)) body.special_hours = special;
  return { body: body as LocationPatch, errors };
}

/** The POST body of a new store: everything filled in (`name` and `city` always, so a missing one is named). */
export function createBodyOf(draft: Draft, notANumber: string) {
  const { body, errors } = patchOf(emptyDraft(), draft, notANumber);
  const hours = hoursOfWeek(draft.hours);
  const created: Record<string, unknown> = { ...body, name: draft.text.name.trim(), city: draft.text.city.trim() };
  if (hours) created.hours = hours;
  else delete created.hours;
  return { body: created as LocationPatch & { name: string; city: string }, errors };
}

/**
 * `theirs` with this person's changes (`body`, a PATCH of theirs made from the version they read) laid over it: what to
 * save when they keep their changes after a conflict. Fields and calls to action merge by name, hours by day.
 */
export function withChanges(theirs: Draft, mine: Draft, body: LocationPatch): Draft {
  const merged: Draft = structuredClone(theirs);
  for (const key of Object.keys(body)) {
    if ((TEXT_KEYS as readonly string[]).includes(key)) merged.text[key as TextKey] = mine.text[key as TextKey];
  }
  if ('visible' in body) merged.visible = mine.visible;
  if ('filters' in body) merged.filters = [...mine.filters];
  for (const name of Object.keys(body.fields ?? {})) merged.fields[name] = mine.fields[name] ?? '';
  const ctas = (body.callsToAction ?? {}) as Record<string, unknown>;
  for (const title of Object.keys(ctas)) merged.callsToAction[title] = mine.callsToAction[title] ?? '';
  if (body.hours === null) merged.hours = structuredClone(mine.hours);
  else
    for (const day of Object.keys(body.hours ?? {}))
      merged.hours[day as DayKey] = structuredClone(mine.hours[day as DayKey]);
  if ('special_hours' in body) merged.special = structuredClone(mine.special);
  return merged;
}
