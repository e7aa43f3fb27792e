import { Temporal } from 'temporal-polyfill';
import { addFieldError, type FieldErrors } from './errors.ts';
import { parseDayHours } from './hours.ts';

/**
 * Hours that replace the weekly ones on a date or a range of dates (both ends included): holidays, late openings,
 * a renovation. `hours` is normalised as a weekday's are.
 */
export type SpecialHours =
  | { date: string; hours: string; label: string | null }
  | { from: string; to: string; hours: string; label: string | null };

/** An item as a client sends it, before checking. */
export interface SpecialHoursInput {
  date?: string;
  from?: string;
  to?: string;
  hours: string;
  label?: string | null;
}

/** The list a location keeps as JSON (null: none), as written by a checked write. */
export function readSpecialHours(json: string | null): SpecialHours[] {
  return json === null ? [] : (JSON.parse(json) as SpecialHours[]);
}

/** The first and last date (`YYYY-MM-DD`) an item covers. */
export function datesOf(item: SpecialHours): { first: string; last: string } {
  return 'date' in item ? { first: item.date, last: item.date } : { first: item.from, last: item.to };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isCalendarDate(text: string): boolean {
  if (!ISO_DATE.test(text)) return false;
  try {
    Temporal.PlainDate.from(text, { overflow: 'reject' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Checks a list of special hours: each item a `date` or a `from`..`to` range of real dates, hours in the weekday
 * syntax, no two items sharing a date. Errors are keyed by item and key (`special_hours.2.to`). The list is kept in
 * date order.
 */
export function parseSpecialHours(
  input: readonly SpecialHoursInput[],
): { items: SpecialHours[] } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const addError = (index: number, key: string, message: string) =>
    addFieldError(errors, `special_hours.${index}.${key}`, message);
  const items: { index: number; item: SpecialHours }[] = [];
  input.forEach((given, index) => {
    const hours = parseDayHours(given.hours);
    if ('error' in hours) addError(index, 'hours', hours.error);
    const label = given.label?.trim() ? given.label.trim() : null;
    const dateError = (key: 'date' | 'from' | 'to', text: string) => {
      if (isCalendarDate(text)) return false;
      addError(index, key, `"${text}" is not a date of the calendar as YYYY-MM-DD`);
      return true;
    };
    if (given.date !== undefined) {
      if (given.from !== undefined || given.to !== undefined) {
        addError(index, 'date', 'give either a date or a from..to range, not both');
        return;
      }
      if (dateError('date', given.date) || 'error' in hours) return;
      items.push({ index, item: { date: given.date, hours: hours.value, label } });
      return;
    }
    if (given.from === undefined || given.to === undefined) {
      addError(index, given.from === undefined ? 'from' : 'to', 'is required: an item has a date, or both from and to');
      return;
    }
    const badFrom = dateError('from', given.from);
    const badTo = dateError('to', given.to);
    if (badFrom || badTo) return;
    if (given.to < given.from) {
      addError(index, 'to', `is before from (${given.from})`);
      return;
    }
    if ('error' in hours) return;
    items.push({ index, item: { from: given.from, to: given.to, hours: hours.value, label } });
  });
  // In order of first date, an item overlaps an earlier one exactly when it starts on or before the furthest end so
  // far.
  const sorted = [...items].sort(
    (a, b) => datesOf(a.item).first.localeCompare(datesOf(b.item).first) || a.index - b.index,
  );
  let furthest: (typeof sorted)[number] | undefined;
  for (const entry of sorted) {
    if (furthest && datesOf(entry.item).first <= datesOf(furthest.item).last) {
      const [later, earlier] = entry.index > furthest.index ? [entry, furthest] : [furthest, entry];
      const { first, last } = datesOf(earlier.item);
      addError(
        later.index,
        'date' in later.item ? 'date' : 'from',
        `overlaps special_hours.${earlier.index} (${first === last ? first : `${first}..${last}`})`,
      );
    }
    if (!furthest || datesOf(entry.item).last > datesOf(furthest.item).last) furthest = entry;
  }
  if (Object.keys(errors).length > 0) return { errors };
  return { items: sorted.map(({ item }) => item) };
}

/** The special hours covering a date (`YYYY-MM-DD`), if any. The list holds no overlaps. */
export function specialHoursOn(items: readonly SpecialHours[], date: string): SpecialHours | undefined {
  return items.find((item) => {
    const { first, last } = datesOf(item);
    return first <= date && date <= last;
  });
}
