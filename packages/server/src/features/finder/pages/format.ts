import { distanceUnitOf, KM_PER_MILE } from '../../../domain/geo.ts';
import { WEEKDAYS, type Weekday } from '../../../domain/hours.ts';
import type { OpeningStatus } from '../../../domain/opening-status.ts';
import type { Messages, PageLocale } from './messages.ts';

/** Formatters by locale and kind: building one costs far more than using it, and a page formats dozens of times. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(tag: string, kind: 'time' | 'weekday' | 'date'): Intl.DateTimeFormat {
  const id = `${tag}|${kind}`;
  let format = formatters.get(id);
  if (!format) {
    const options: Intl.DateTimeFormatOptions =
      kind === 'time'
        ? { hour: 'numeric', minute: '2-digit' }
        : kind === 'weekday'
          ? { weekday: 'long' }
          : { dateStyle: 'full' };
    // Wall-clock values, not instants: formatted in UTC so the server's own zone never shifts them.
    format = new Intl.DateTimeFormat(tag, { ...options, timeZone: 'UTC' });
    formatters.set(id, format);
  }
  return format;
}

/** A weekday's name in the page's language (Monday first, as `WEEKDAYS`). */
export function weekdayName(day: Weekday, locale: PageLocale): string {
  // 2024-01-01 was a Monday.
  return formatter(locale.tag, 'weekday').format(Date.UTC(2024, 0, 1 + WEEKDAYS.indexOf(day)));
}

/** `HH:MM` as the locale writes times (`9:00 AM`, `09:00`); a closing `24:00` stays 24:00 where clocks run to 23. */
export function timeText(hhmm: string, locale: PageLocale): string {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  const format = formatter(locale.tag, 'time');
  const cycle = format.resolvedOptions().hourCycle;
  if (hours === 24 && (cycle === 'h23' || cycle === 'h24')) return '24:00';
  return format.format(Date.UTC(2000, 0, 1, hours % 24, minutes));
}

/** A day's hours (`09:00-12:00,13:00-17:00`, `closed`, or null) as a visitor reads them. */
export function dayHoursText(hours: string | null, locale: PageLocale, messages: Messages): string {
  if (hours === null) return messages.unknown;
  if (hours === 'closed') return messages.closed;
  if (hours === '00:00-24:00') return messages.openAllDay;
  return hours
    .split(',')
    .map((range) => `${timeText(range.slice(0, 5), locale)} – ${timeText(range.slice(6, 11), locale)}`)
    .join(', ');
}

/** A calendar date (`YYYY-MM-DD`) in full, in the page's language. */
export function dateText(date: string, locale: PageLocale): string {
  return formatter(locale.tag, 'date').format(Date.parse(`${date}T00:00:00Z`));
}

/** A range of dates, both included, as the locale writes a range. */
export function dateRangeText(first: string, last: string, locale: PageLocale): string {
  if (first === last) return dateText(first, locale);
  return formatter(locale.tag, 'date').formatRange(Date.parse(`${first}T00:00:00Z`), Date.parse(`${last}T00:00:00Z`));
}

/**
 * A country's name in the page's language (`US` is "United States", "Vereinigte Staaten"); the code when Intl has none.
 */
export function countryName(code: string, locale: PageLocale): string {
  try {
    return new Intl.DisplayNames([locale.tag], { type: 'region', fallback: 'code' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** A distance in the page's language, in kilometres or miles: one decimal below ten, whole numbers above. */
export function distanceText(km: number, unit: 'km' | 'mi', locale: PageLocale): string {
  const value = unit === 'mi' ? km / KM_PER_MILE : km;
  return new Intl.NumberFormat(locale.tag, {
    style: 'unit',
    unit: unit === 'mi' ? 'mile' : 'kilometer',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}

/** The unit a page measures in: its location's country's, else the page's region's, else kilometres. */
export function pageUnit(unit: 'km' | 'mi' | null, locale: PageLocale): 'km' | 'mi' {
  return unit ?? distanceUnitOf(locale.tag.split('-')[1]) ?? 'km';
}

/**
 * A location's status line in its own zone: "Open now · closes 9:00 PM", "Closed now · opens tomorrow 9:00 AM", with
 * the label of special hours that cover today; undefined when its hours or zone are unknown.
 */
export function statusLine(
  status: OpeningStatus,
  today: { date: string } | null,
  locale: PageLocale,
  messages: Messages,
): { open: boolean; text: string } | undefined {
  if (status.open_now === null) return undefined;
  const parts = [status.open_now ? messages.openNow : messages.closedNow];
  const next = status.next_change ? /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(status.next_change) : null;
  if (next) {
    const [, date = '', clock = ''] = next;
    const time = timeText(clock, locale);
    const daysAhead = today ? Math.round((Date.parse(date) - Date.parse(today.date)) / 86_400_000) : 0;
    // An evening that runs past midnight closes "at 2:00 AM"; a change days ahead of an open store is not news.
    if (status.open_now) {
      if (daysAhead <= 1) parts.push(messages.closesAt(time));
    } else if (daysAhead <= 0) parts.push(messages.opensAt(time));
    else if (daysAhead === 1) parts.push(messages.opensTomorrow(time));
    else if (daysAhead <= 6) parts.push(messages.opensOn(weekdayOfDate(date, locale), time));
    else parts.push(messages.opensOn(dateText(date, locale), time));
  }
  if (status.special?.label) parts.push(status.special.label);
  return { open: status.open_now, text: parts.join(' · ') };
}

/** The weekday of a calendar date (`YYYY-MM-DD`) in the page's language. */
function weekdayOfDate(date: string, locale: PageLocale): string {
  return formatter(locale.tag, 'weekday').format(Date.parse(`${date}T00:00:00Z`));
}
