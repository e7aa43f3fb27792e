// What a result says about today: the open/closed badge, today's hours and the next change, all in the
// location's own time zone (a visitor in Berlin looking at a store in Chicago sees Chicago's day).
import type { PublicLocation, Weekday } from './api.ts';
import { formatClock, formatWeekday } from './format.ts';
import type { Translator } from './i18n/index.ts';

export interface TodaySummary {
  open: boolean | null;
  /** Today's hours as the visitor reads them, or null when unknown. */
  hours: string | null;
  /** "Closes 7:00 PM", "Opens Friday 9:00 AM", or null. */
  change: string | null;
  /** Set when special hours replace the weekly ones today. */
  special: string | null;
}

const WEEKDAYS: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

function localDate(timeZone: string, now: Date): string {
  // en-CA writes dates as YYYY-MM-DD, which compares directly with the server's ISO dates.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

function localWeekday(timeZone: string, now: Date): Weekday | null {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short' }).format(now).slice(0, 3).toLowerCase();
  return WEEKDAYS.find((day) => day === name) ?? null;
}

/** The weekly hours of the location's current weekday: used when the server's status says nothing. */
function weeklyHoursToday(location: PublicLocation, now: Date): string | null {
  if (!location.hours || !location.time_zone) return null;
  try {
    const day = localWeekday(location.time_zone, now);
    return day ? location.hours[day] : null;
  } catch {
    return null;
  }
}

/** `09:00-12:00,13:00-17:00` as `9:00 AM–12:00 PM, 1:00–5:00 PM`-style text of the locale. */
export function formatHours(hours: string, t: Translator): string {
  const text = hours.trim().toLowerCase();
  if (text === 'closed') return t.text('closed');
  if (text === '00:00-24:00') return t.text('openAllDay');
  return text
    .split(',')
    .map((range) => {
      const [from, to] = range.trim().split('-');
      return from && to ? `${formatClock(from, t.locale)}–${formatClock(to, t.locale)}` : range.trim();
    })
    .join(', ');
}

function changeText(location: PublicLocation, t: Translator, now: Date): string | null {
  const { open_now: open, next_change: next } = location.status;
  const match = next ? /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(next) : null;
  if (open === null || !match) return null;
  const [, date = '', clock = ''] = match;
  const time = formatClock(clock, t.locale);
  if (open) return t.text('closesAt', { time });
  const today = location.time_zone ? localDate(location.time_zone, now) : null;
  if (date === today) return t.text('opensAt', { time });
  const daysAhead = today ? (Date.parse(date) - Date.parse(today)) / 86_400_000 : Infinity;
  if (daysAhead === 1) return t.text('opensTomorrow', { time });
  const day =
    daysAhead <= 6
      ? formatWeekday(date, t.locale)
      : new Intl.DateTimeFormat(t.locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(Date.parse(date));
  return t.text('opensOn', { day, time });
}

export function todaySummary(location: PublicLocation, t: Translator, now = new Date()): TodaySummary {
  const hours = location.status.today ?? weeklyHoursToday(location, now);
  const special = location.status.special;
  return {
    open: location.status.open_now,
    hours: hours === null ? null : formatHours(hours, t),
    change: changeText(location, t, now),
    special: special ? (special.label ?? t.text('specialHours')) : null,
  };
}
