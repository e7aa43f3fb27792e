import { Temporal } from 'temporal-polyfill';
import { type OpeningSchedule, type OpeningStatus, openingStatusWithChange } from './opening-status.ts';
import { datesOf, type SpecialHours } from './special-hours.ts';

/** How far ahead a visitor is shown special hours. */
export const UPCOMING_DAYS = 30;

/** What a visitor is told of a location's hours at an instant, and the instant that may change it. */
export interface HoursAt {
  status: OpeningStatus;
  /** Special hours that cover any of the next 30 days, counted from the local date (UTC without a zone). */
  upcoming: SpecialHours[];
  /**
   * Both stay the same from the instant asked for until this one (milliseconds since the epoch): the next change of
   * `open_now` (also to unknown), or the next local midnight, when `today` and the upcoming days move on, whichever
   * comes first.
   */
  validUntil: number;
}

/**
 * A location's status and upcoming special hours at `now`, with how long they hold, so that a caller may reuse them
 * for any instant in `[now, validUntil)`: every input is a wall-clock rule, so nothing else changes in between.
 */
export function hoursAt(schedule: OpeningSchedule, now: number): HoursAt {
  const { status, changesAt } = openingStatusWithChange(schedule, now);
  const today = Temporal.Instant.fromEpochMilliseconds(now).toZonedDateTimeISO(schedule.timeZone ?? 'UTC');
  const first = today.toPlainDate().toString();
  const last = today.toPlainDate().add({ days: UPCOMING_DAYS }).toString();
  const upcoming = schedule.special.filter((item) => datesOf(item).last >= first && datesOf(item).first <= last);
  const midnight = today.add({ days: 1 }).startOfDay().epochMilliseconds;
  return { status, upcoming, validUntil: Math.min(midnight, changesAt ?? Number.POSITIVE_INFINITY) };
}
