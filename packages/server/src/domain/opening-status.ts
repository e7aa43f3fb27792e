import { Temporal } from 'temporal-polyfill';
import { type MinuteRange, rangesOf, WEEKDAYS, type WeeklyHours } from './hours.ts';
import { datesOf, type SpecialHours, specialHoursOn } from './special-hours.ts';

/** Everything that decides whether a location is open: its weekly and special hours, in its zone. */
export interface OpeningSchedule {
  weekly: WeeklyHours | null;
  special: readonly SpecialHours[];
  timeZone: string | null;
}

/** Whether a location is open at an instant, and until when; null where the hours or the zone do not say. */
export interface OpeningStatus {
  open_now: boolean | null;
  /** The hours of the local date (special or weekly): `"09:00-17:00"`, `"closed"`, or null when unknown. */
  today: string | null;
  /** The next instant `open_now` changes, with the location's UTC offset; null when unknown or not within a year. */
  next_change: string | null;
  /** Set when special hours cover the local date. */
  special: { label: string | null } | null;
}

const UNKNOWN: OpeningStatus = { open_now: null, today: null, next_change: null, special: null };

/** Days searched for the next change: a closure or an opening may be announced up to a year ahead. */
const HORIZON_DAYS = 367;

/** The hours a date has: its special hours when some cover it, else its weekday's (null: unknown). */
function hoursOn(
  schedule: OpeningSchedule,
  date: Temporal.PlainDate,
): { hours: string | null; special: SpecialHours | undefined } {
  const special = specialHoursOn(schedule.special, date.toString());
  if (special) return { hours: special.hours, special };
  return { hours: schedule.weekly?.[WEEKDAYS[date.dayOfWeek - 1] ?? 'mon'] ?? null, special: undefined };
}

const rangesOn = (schedule: OpeningSchedule, date: Temporal.PlainDate): MinuteRange[] | null => {
  const { hours } = hoursOn(schedule, date);
  return hours === null ? null : rangesOf(hours);
};

/**
 * Whether the wall-clock time `minute` (from midnight, fractions for seconds) of a local date lies in a range: one
 * of that date, or one of the day before that runs past midnight (it still counts on a specially closed day).
 */
function openAtWallClock(schedule: OpeningSchedule, date: Temporal.PlainDate, minute: number): boolean | null {
  const spill = rangesOn(schedule, date.subtract({ days: 1 }));
  if (spill?.some((range) => range.end > 1440 && minute < range.end - 1440)) return true;
  const ranges = rangesOn(schedule, date);
  if (ranges === null) return null;
  return ranges.some((range) => range.start <= minute && minute < range.end);
}

function openAt(schedule: OpeningSchedule, zone: string, instant: Temporal.Instant): boolean | null {
  const local = instant.toZonedDateTimeISO(zone);
  return openAtWallClock(
    schedule,
    local.toPlainDate(),
    local.hour * 60 + local.minute + local.second / 60 + local.millisecond / 60_000,
  );
}

/**
 * The instants a local wall-clock time names: one, two where clocks fall back (both count), or, where clocks spring
 * forward past it, the instant of the jump (the first moment at or after that wall-clock time).
 */
function instantsAt(zone: string, date: Temporal.PlainDate, minute: number): Temporal.Instant[] {
  const wall = date.toPlainDateTime({ hour: Math.floor(minute / 60), minute: minute % 60 });
  const earlier = wall.toZonedDateTime(zone, { disambiguation: 'earlier' });
  if (!earlier.toPlainDateTime().equals(wall)) {
    const jump = earlier.getTimeZoneTransition('next');
    return jump ? [jump.toInstant()] : [];
  }
  const later = wall.toZonedDateTime(zone, { disambiguation: 'later' });
  return earlier.equals(later) ? [earlier.toInstant()] : [earlier.toInstant(), later.toInstant()];
}

/**
 * The wall-clock minutes of a date at which `open_now` may change: range ends and starts, and midnight of an unknown
 * day.
 */
function boundariesOn(schedule: OpeningSchedule, date: Temporal.PlainDate): number[] {
  const minutes = new Set<number>();
  const ranges = rangesOn(schedule, date);
  if (ranges === null) minutes.add(0);
  for (const range of ranges ?? []) {
    minutes.add(range.start);
    if (range.end < 1440) minutes.add(range.end);
  }
  for (const range of rangesOn(schedule, date.subtract({ days: 1 })) ?? []) {
    if (range.end >= 1440) minutes.add(range.end - 1440);
  }
  return [...minutes].sort((a, b) => a - b);
}

/** The next instant `open_now` changes from `openNow`, to the other state or to unknown, and what it changes to. */
function nextChange(
  schedule: OpeningSchedule,
  zone: string,
  from: Temporal.Instant,
  openNow: boolean,
): { at: Temporal.ZonedDateTime; to: boolean | null } | null {
  let date = from.toZonedDateTimeISO(zone).toPlainDate();
  // Past the last special date, weeks repeat: a week after it without a change means no change ever comes.
  const lastSpecial = schedule.special.reduce<string | undefined>(
    (last, item) => (last === undefined || datesOf(item).last > last ? datesOf(item).last : last),
    undefined,
  );
  const weeklyFrom = lastSpecial ? Temporal.PlainDate.from(lastSpecial).add({ days: 1 }) : date;
  const repeatsFrom = (Temporal.PlainDate.compare(weeklyFrom, date) > 0 ? weeklyFrom : date).add({ days: 8 });
  for (
    let day = 0;
    day < HORIZON_DAYS && Temporal.PlainDate.compare(date, repeatsFrom) < 0;
    day += 1, date = date.add({ days: 1 })
  ) {
    const candidates = boundariesOn(schedule, date)
      .flatMap((minute) => instantsAt(zone, date, minute))
      .filter((instant) => Temporal.Instant.compare(instant, from) > 0)
      .sort(Temporal.Instant.compare);
    for (const instant of candidates) {
      const state = openAt(schedule, zone, instant);
      if (state === openNow) continue;
      return { at: instant.toZonedDateTimeISO(zone), to: state };
    }
  }
  return null;
}

/**
 * Whether a location is open at an instant (milliseconds since the epoch), by the wall clock of its zone:
 * - a range past midnight belongs to the day it starts on; `24:00` joins a next-day `00:00`;
 * - special hours replace a date's weekly ranges, but the previous evening's range still runs into it;
 * - on a daylight-saving day a range is open for the wall-clock times it names that exist that day (a skipped hour
 *   is never open, a repeated one is open twice), and `next_change` is a real instant.
 */
export function openingStatus(schedule: OpeningSchedule, atEpochMilliseconds: number): OpeningStatus {
  return openingStatusWithChange(schedule, atEpochMilliseconds).status;
}

/**
 * `openingStatus`, and the instant (milliseconds since the epoch) `open_now` next changes, also where it becomes
 * unknown (where `next_change` says null: an evening's range that ends on a day of unknown hours); null when it does
 * not change within the horizon, or is unknown now.
 */
export function openingStatusWithChange(
  schedule: OpeningSchedule,
  atEpochMilliseconds: number,
): { status: OpeningStatus; changesAt: number | null } {
  const zone = schedule.timeZone;
  if (zone === null || (schedule.weekly === null && schedule.special.length === 0))
    return { status: UNKNOWN, changesAt: null };
  const at = Temporal.Instant.fromEpochMilliseconds(atEpochMilliseconds);
  const today = hoursOn(schedule, at.toZonedDateTimeISO(zone).toPlainDate());
  const openNow = openAt(schedule, zone, at);
  const change = openNow === null ? null : nextChange(schedule, zone, at, openNow);
  const status = {
    open_now: openNow,
    today: today.hours,
    next_change:
      change && change.to !== null ? change.at.toString({ timeZoneName: 'never', smallestUnit: 'second' }) : null,
    special: today.special ? { label: today.special.label } : null,
  };
  return { status, changesAt: change ? change.at.epochMilliseconds : null };
}
