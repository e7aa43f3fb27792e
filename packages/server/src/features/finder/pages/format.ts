import { WEEKDAYS, type Weekday } from '../../../domain/hours.ts';
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
