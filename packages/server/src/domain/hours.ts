import { parseDayHours as readDayHours } from '@locator/client/hours';
import { addFieldError, type FieldErrors } from './errors.ts';
import { remembered } from './remembered.ts';

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A week of opening hours: each day `"HH:MM-HH:MM[,…]"`, `"closed"`, or null (unknown). */
export type WeeklyHours = Record<Weekday, string | null>;

/** A Map, not an object: a key such as `constructor` must not find what every object inherits. */
const FULL_DAY_NAMES = new Map<string, Weekday>([
  ['monday', 'mon'],
  ['tuesday', 'tue'],
  ['wednesday', 'wed'],
  ['thursday', 'thu'],
  ['friday', 'fri'],
  ['saturday', 'sat'],
  ['sunday', 'sun'],
]);

/**
 * Normalises one day's hours in the API's form, or explains why it cannot (`@locator/client/hours`), each text worked
 * out once.
 * @example parseDayHours(' 9:00-12:00, 13:00-17:30 ') // { value: "09:00-12:00,13:00-17:30" }
 * @example parseDayHours('Closed') // { value: "closed" }
 */
export const parseDayHours: (text: string) => Readonly<{ value: string } | { error: string }> =
  remembered(readDayHours);

export type HoursInput = Record<string, string | null>;

/**
 * Reads a client's hours object: short or full weekday names, each day parsed.
 * With `requireAllDays` (POST and PUT) a non-empty object must name all seven days.
 * Errors are keyed `hours.<day>` as the client wrote the day.
 */
export function parseHoursInput(
  input: HoursInput,
  { requireAllDays }: { requireAllDays: boolean },
): { days: Partial<WeeklyHours>; errors: FieldErrors } {
  const days: Partial<WeeklyHours> = {};
  const errors: FieldErrors = {};
  const addError = (key: string, message: string) => addFieldError(errors, `hours.${key}`, message);
  for (const [key, value] of Object.entries(input)) {
    const day = (WEEKDAYS as readonly string[]).includes(key.toLowerCase())
      ? (key.toLowerCase() as Weekday)
      : FULL_DAY_NAMES.get(key.toLowerCase());
    if (!day) {
      addError(key, 'is not a weekday: use mon..sun or monday..sunday');
      continue;
    }
    if (day in days) {
      addError(key, `names ${day} twice`);
      continue;
    }
    if (value === null) {
      days[day] = null;
      continue;
    }
    const parsed = parseDayHours(value);
    if ('error' in parsed) addError(key, parsed.error);
    else days[day] = parsed.value;
  }
  if (requireAllDays && Object.keys(input).length > 0) {
    for (const day of WEEKDAYS)
      if (!(day in days) && !errors[`hours.${day}`]) addError(day, 'is required: hours name all seven days');
  }
  return { days, errors };
}

/** Applies the days a client sent over a saved week (or an empty one). */
export function mergeHours(current: WeeklyHours | null, changes: Partial<WeeklyHours>): WeeklyHours {
  const base: WeeklyHours = current ?? { mon: null, tue: null, wed: null, thu: null, fri: null, sat: null, sun: null };
  return { ...base, ...changes };
}

/** One opening range of a day in minutes from that day's midnight; `end` passes 1440 when it runs past midnight. */
export interface MinuteRange {
  start: number;
  end: number;
}

const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * The ranges of a normalised day (as `parseDayHours` returns it). A range that closes at or before it opens runs past
 * midnight and belongs to the day it starts on.
 * @example rangesOf('18:00-02:00') // [{ start: 1080, end: 1560 }]
 */
export function rangesOf(day: string): MinuteRange[] {
  if (day === 'closed') return [];
  return day.split(',').map((range) => {
    const start = minutesOf(range.slice(0, 5));
    const end = minutesOf(range.slice(6, 11));
    return { start, end: end <= start ? end + 1440 : end };
  });
}
