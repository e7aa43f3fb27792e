// Locale-aware numbers, distances and wall-clock times, all through Intl.
import type { Unit } from './api.ts';

const METERS_PER: Record<Unit, number> = { km: 1000, mi: 1609.344 };

/**
 * A result's distance, from its exact metres: the answer's `value` is already rounded to two decimals, and rounding
 * that again to one can go the wrong way (4.448 km is `value` 4.45, which would read 4.5).
 */
export function formatMeters(meters: number, unit: Unit, locale: string): string {
  return formatDistance(meters / METERS_PER[unit], unit, locale);
}

export function formatDistance(value: number, unit: Unit, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: unit === 'mi' ? 'mile' : 'kilometer',
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}

/** `HH:MM` as a wall-clock time of the locale (`9:00 AM`, `09:00`). `24:00` reads as midnight. */
export function formatClock(clock: string, locale: string): string {
  const [hours = 0, minutes = 0] = clock.split(':').map(Number);
  // The date is arbitrary and in UTC on both sides, so no zone or daylight-saving shift touches the time.
  const instant = Date.UTC(2000, 0, 3, hours % 24, minutes);
  return clockFormat(locale).format(instant);
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

function clockFormat(locale: string): Intl.DateTimeFormat {
  let format = clockFormats.get(locale);
  if (!format) {
    const probe = new Intl.DateTimeFormat(locale, { hour: 'numeric', timeZone: 'UTC' }).resolvedOptions();
    // 24-hour locales write `09:00`, 12-hour ones `9:00 AM`: two digits only where the clock has no AM/PM.
    const twentyFourHour = probe.hourCycle === 'h23' || probe.hourCycle === 'h24';
    format = new Intl.DateTimeFormat(locale, {
      hour: twentyFourHour ? '2-digit' : 'numeric',
      minute: '2-digit',
      timeZone: 'UTC',
    });
    clockFormats.set(locale, format);
  }
  return format;
}

/** A weekday name of an ISO date (`2026-11-27`), such as `Friday`. */
export function formatWeekday(isoDate: string, locale: string): string {
  const [year = 2000, month = 1, day = 1] = isoDate.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(year, month - 1, day));
}

/** Miles where the visitor's region measures in them, else the project's unit. */
export function autoUnit(regionSources: readonly string[], projectUnit: Unit): Unit {
  for (const source of regionSources) {
    try {
      const region = new Intl.Locale(source).region;
      if (region) return ['US', 'GB', 'LR', 'MM'].includes(region) ? 'mi' : 'km';
    } catch {
      // Not a language tag: try the next source.
    }
  }
  return projectUnit;
}
